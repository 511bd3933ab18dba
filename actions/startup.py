"""Run when the action server starts: check the knowledge base, then warm up.

rasa_sdk imports every module of the ``actions`` package when the server starts (and nothing
else imports this one), so this runs once, before the server listens. When the knowledge base
is missing, empty or corrupt, the server stops with exit code 2 and a message that names the fix
(``make kb``) instead of failing on the first question. Then it builds what the first question
would otherwise wait for (spaCy and the quantity patterns of ``knowledge.parsing``, several
seconds on a busy machine): the first user must not meet the Rasa server's action timeout.
"""

from __future__ import annotations

import logging
import sys

from actions.common import kb
from knowledge import parsing
from knowledge.kb import KnowledgeBaseError

logger = logging.getLogger(__name__)


def check_knowledge_base() -> str | None:
    """None when the knowledge base answers; otherwise what is wrong and how to fix it."""
    base = kb()
    try:
        counts = base.check()
    except KnowledgeBaseError as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - a corrupt file fails in many ways; all need the same fix
        return f"The knowledge base {base.path} is unreadable ({exc}). Rebuild it with `make kb`."
    if not counts.get("municipalities") or not counts.get("sections"):
        return f"The knowledge base {base.path} is empty. Rebuild it with `make kb`."
    return None


_problem = check_knowledge_base()
if _problem:
    logger.error("action server cannot start: %s", _problem)
    print(f"action server cannot start: {_problem}", file=sys.stderr, flush=True)
    raise SystemExit(2)

# Load the spaCy pipeline the quantity parser uses now, before the server listens: the first
# question would otherwise wait several seconds for it and could overrun the action timeout.
parsing.pipeline()
kb().municipalities()
