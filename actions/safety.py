"""Every action's guard: hostile tracker contents are cleaned, and a failing action still answers politely.

The tracker an action receives is data from outside (Rasa's HTTP API can set any slot to any
JSON value; a restored or hand-edited conversation may hold anything). :func:`clean_tracker`
puts each slot the actions read back into the shape the domain declares, dropping what does not
fit: a ``facts`` slot that is a string becomes ``{}``, a fact of the wrong type is dropped, a
``last_citations`` entry is kept only when its quote is verbatim the knowledge base's text of
that section (so "quote the section" can never repeat invented law), unknown topics are
forgotten. It cleans the latest message too (entities, intent, ranking).

:func:`guarded` wraps an action's ``run``: it cleans the tracker first and, should the action
still fail, logs the error in the action server's log and tells the user, politely, that the
answer cannot be looked up right now — never a traceback, never silence.
"""

from __future__ import annotations

import functools
import logging
import math
from typing import Any, Awaitable, Callable, Dict, List

from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.common import kb
from knowledge.kb import KnowledgeBaseError
from knowledge.shorthand import expand as expand_shorthand

logger = logging.getLogger(__name__)

SORRY = "Sorry, I can't look that up right now. Please try again in a moment."
MAX_TEXT = 500  # longest slot text kept (municipality names, topics, roles are far shorter)
MAX_CITATIONS = 50
MAX_FACTS = 50
TEXT_SLOTS = ("municipality", "role", "topic", "pending_topic", "asked_fact", "space_size", "occupants", "ages")
SPACE_KINDS = ("bedroom", "unit")
CITATION_FIELDS = ("municipality", "citation", "section", "quote")

Run = Callable[[Any, CollectingDispatcher, Tracker, Dict[str, Any]], Awaitable[List[Dict[str, Any]]]]


def _text(value: Any, limit: int = MAX_TEXT) -> str | None:
    """``value`` if it is non-empty text of at most ``limit`` characters, else None."""
    return value if isinstance(value, str) and value.strip() and len(value) <= limit else None


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def clean_facts(value: Any, known: Dict[str, Any]) -> Dict[str, Any]:
    """The building facts as a dict of scalar values; known facts must have their declared type."""
    if not isinstance(value, dict):
        return {}
    facts: Dict[str, Any] = {}
    for name, fact in list(value.items())[:MAX_FACTS]:
        if not _text(name, 64):
            continue
        kind = (known.get(name) or {}).get("type") if isinstance(known.get(name), dict) else None
        if kind == "bool":
            if isinstance(fact, bool):
                facts[name] = fact
        elif kind == "int":
            if _number(fact) and float(fact).is_integer() and 0 <= fact < 1_000_000:
                facts[name] = int(fact)
        elif isinstance(fact, bool) or _number(fact) or _text(fact, 200):
            facts[name] = fact
    return facts


def clean_last_space(value: Any) -> Dict[str, Any] | None:
    """The last space check's facts (see ``knowledge.space.merge_request``), each part of its shape, or None."""
    from knowledge.space import clean_facts as clean_space_facts

    if not isinstance(value, dict):
        return None
    return clean_space_facts(value) or None


def verified_citation(value: Any) -> Dict[str, Any] | None:
    """A citation payload whose quote is verbatim the knowledge base's text for it, else None."""
    if not isinstance(value, dict) or not all(_text(value.get(f), 100_000) for f in CITATION_FIELDS):
        return None
    base = kb()
    key = base.resolve_municipality(value["municipality"])
    if key is None or key != value["municipality"]:
        return None
    heading = value.get("heading") if isinstance(value.get("heading"), str) else ""
    try:
        if base.section(key, value["section"]).text == value["quote"]:
            return value
    except KnowledgeBaseError:
        pass
    if heading.startswith("definition of "):
        try:
            for definition in base.definitions(heading[len("definition of ") :], key):
                if definition.text == value["quote"]:
                    return value
        except KnowledgeBaseError:
            pass
    return None


def clean_citations(value: Any) -> List[Dict[str, Any]] | None:
    """The ``last_citations`` entries that check out against the knowledge base (None if none do)."""
    if not isinstance(value, list):
        return None
    kept = [c for c in (verified_citation(v) for v in value[:MAX_CITATIONS]) if c is not None]
    return kept or None


def _clean_message(message: Any) -> Dict[str, Any]:
    """The latest user message with well-formed text, intent, ranking and entities only."""
    message = message if isinstance(message, dict) else {}
    intent = message.get("intent") if isinstance(message.get("intent"), dict) else {}
    name = _text(intent.get("name"), 200)
    confidence = intent.get("confidence") if _number(intent.get("confidence")) else None
    ranking = [
        {"name": r["name"], "confidence": r.get("confidence") if _number(r.get("confidence")) else 0.0}
        for r in (message.get("intent_ranking") if isinstance(message.get("intent_ranking"), list) else [])
        if isinstance(r, dict) and _text(r.get("name"), 200)
    ]
    entities = []
    for entity in message.get("entities") if isinstance(message.get("entities"), list) else []:
        if not isinstance(entity, dict) or not _text(entity.get("entity"), 100):
            continue
        value = entity.get("value")
        if _number(value):
            value = str(value)
        if _text(value):
            entities.append({**entity, "value": value})
    return {
        **message,
        "text": message.get("text") if isinstance(message.get("text"), str) else "",
        "intent": {"name": name, "confidence": confidence} if name else {},
        "intent_ranking": ranking,
        "entities": entities,
    }


def clean_tracker(tracker: Tracker) -> Tracker:
    """Put the slots and the latest message the actions read back into shape (in place); return the tracker."""
    slots = tracker.slots if isinstance(tracker.slots, dict) else {}
    topics = kb().topics()
    known_facts = kb().meta("facts") or {}
    for name in TEXT_SLOTS:
        if name in slots:
            slots[name] = _text(slots[name])
    for name in ("topic", "pending_topic"):
        if slots.get(name) is not None and slots[name] not in topics:
            slots[name] = None
    if slots.get("asked_fact") is not None and slots["asked_fact"] not in known_facts:
        slots["asked_fact"] = None
    if "facts" in slots:
        slots["facts"] = clean_facts(slots["facts"], known_facts) if slots["facts"] is not None else None
    if "last_citations" in slots:
        slots["last_citations"] = clean_citations(slots["last_citations"])
    if "last_space" in slots:
        slots["last_space"] = clean_last_space(slots["last_space"])
    if "disclaimer_shown" in slots:
        slots["disclaimer_shown"] = slots["disclaimer_shown"] is True
    tracker.slots = slots
    tracker.latest_message = _clean_message(tracker.latest_message)
    # the actions read the question in full words ("wat temp do i hv to heat to" -> "what temp do i have to …")
    tracker.latest_message["text"] = expand_shorthand(tracker.latest_message["text"], kb().shorthand())
    return tracker


def guarded(run: Run) -> Run:
    """Decorate an action's ``run``: clean the tracker, and answer politely if the action fails anyway."""

    @functools.wraps(run)
    async def wrapper(
        self: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        try:
            return await run(self, dispatcher, clean_tracker(tracker), domain)
        except Exception:  # noqa: BLE001 - the user gets a polite sentence, the log the details
            logger.exception("action %s failed", self.name())
            dispatcher.messages.clear()  # no half answer
            dispatcher.utter_message(text=SORRY)
            return []

    return wrapper
