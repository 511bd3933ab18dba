"""The one Rasa version the project's patches of Rasa internals are written for.

:mod:`bot.perf`, :mod:`bot.tracker_store`, :mod:`bot.lock_store` and :mod:`bot.action_guard`
replace or wrap private parts of Rasa Open Source (``RemoteAction.run``, the SQL tracker store's
queries, the Redis lock store's ticket bookkeeping, the event schema check). Those parts change
between Rasa releases without notice, so each patch calls :func:`require_pinned_rasa` before it
installs itself and refuses, with a message naming the pinned version, on any other Rasa.
"""

from __future__ import annotations

PINNED_RASA = "3.6.21"  # the version requirements.lock installs


class UnsupportedRasa(RuntimeError):
    """The installed Rasa is not the version the patches were written and tested for."""


def installed_rasa() -> str:
    """The version of the installed Rasa (read at call time)."""
    import rasa.version

    return str(rasa.version.__version__)


def require_pinned_rasa(patch: str) -> None:
    """Raise :class:`UnsupportedRasa` unless the installed Rasa is :data:`PINNED_RASA`.

    ``patch`` names what refuses (e.g. ``bot.perf``), so the message says which patch to re-check.
    """
    found = installed_rasa()
    if found != PINNED_RASA:
        raise UnsupportedRasa(
            f"{patch} patches internals of Rasa {PINNED_RASA} and refuses to install on Rasa {found}. "
            f"Install the pinned version (rasa=={PINNED_RASA}, as requirements.lock does: `make install`), "
            f"or re-check {patch} against Rasa {found} and then update PINNED_RASA in bot/rasa_version.py."
        )
