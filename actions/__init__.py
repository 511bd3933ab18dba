"""The rasa_sdk action server of the housing-code assistant.

Actions only adapt Rasa's tracker and dispatcher to the plain functions in ``knowledge``.

The action server needs spaCy only for its rule-based quantity parser (a blank English pipeline
with an entity ruler). spaCy's backend, thinc, imports TensorFlow and PyTorch when they are
installed, and Rasa installs TensorFlow: in this process that would cost about 370 MB of memory
and two seconds of start-up for nothing. So when this process *is* the action server
(``python -m rasa_sdk``), the two frameworks are marked absent before anything imports spaCy, and
thinc takes its "not installed" path. Anywhere else (the Rasa server, tests that import these
modules next to Rasa) nothing changes.
"""

from __future__ import annotations

import sys

UNUSED_FRAMEWORKS = ("tensorflow", "torch")
"""What thinc would import if present; nothing in the action server uses either."""


def _is_action_server() -> bool:
    """True when this interpreter was started as ``python -m rasa_sdk``."""
    spec = getattr(sys.modules.get("__main__"), "__spec__", None)
    return getattr(spec, "name", None) == "rasa_sdk.__main__"


if _is_action_server():
    for _name in UNUSED_FRAMEWORKS:
        sys.modules.setdefault(_name, None)  # type: ignore[arg-type]  # None = "import fails"
