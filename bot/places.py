"""The covered places in the replies written in ``bot/domain/responses.yml`` (greeting, help, out of scope).

Those replies say ``{covered_places}``. This patch fills it, in the Rasa server, from the knowledge base
(``HOUSING_KB_PATH`` or ``build/kb.sqlite``): a new municipality's data file is all it takes for the
replies to name it, and small talk still needs no action server (a session start or a custom action
would make every new conversation wait on it).
"""

from __future__ import annotations

import functools
import logging
from typing import Any, Dict

from bot.rasa_version import require_pinned_rasa

logger = logging.getLogger(__name__)
SLOT = "covered_places"
# What the replies say if the knowledge base cannot be read (the launcher checks it at start).
FALLBACK = "municipalities I cover"
_MARK = "_housing_places"


@functools.lru_cache(maxsize=1)
def covered_places() -> str:
    """ "Town of Holland, Town of Howard, … and City of Muskego", read once per process."""
    from knowledge.kb import KnowledgeBase, KnowledgeBaseError

    try:
        return KnowledgeBase().covered_names()
    except (KnowledgeBaseError, OSError) as exc:  # pragma: no cover - the launcher refuses a broken KB
        logger.error("the covered places could not be read: %s", exc)
        return FALLBACK


def install() -> None:
    """Wrap the response filler once per process (idempotent); refuses on a Rasa other than the pinned one."""
    require_pinned_rasa("bot.places")
    from rasa.core.nlg.response import TemplatedNaturalLanguageGenerator as Generator

    original = Generator._response_variables
    if getattr(original, _MARK, False):
        return

    def response_variables(filled_slots: Dict[str, Any], kwargs: Dict[str, Any]) -> Dict[str, Any]:
        variables = original(filled_slots, kwargs)
        if not variables.get(SLOT):
            variables[SLOT] = covered_places()
        return variables

    setattr(response_variables, _MARK, True)
    Generator._response_variables = staticmethod(response_variables)  # type: ignore[method-assign]
