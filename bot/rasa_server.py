"""The Rasa server process: ``python -m bot.rasa_server run ...`` is ``rasa run ...``, made faster.

``bot/launch.py`` (``make run``) starts the Rasa server through this module. It takes the same
arguments as the ``rasa`` command and behaves the same, with the start-up fixes of
:mod:`bot.perf` installed first (they remove a cost Rasa pays on every answer).
"""

from __future__ import annotations

import sys

from bot import perf


def main(argv: list[str] | None = None) -> int:
    """Run the ``rasa`` command line with ``argv`` (default: this process's arguments)."""
    perf.install()
    from rasa.__main__ import main as rasa_main

    sys.argv = ["rasa", *(sys.argv[1:] if argv is None else argv)]
    rasa_main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
