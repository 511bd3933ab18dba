"""The clerk desk's review list, as plain analysis: which turns of a conversation the assistant could not answer.

Pure functions over tracker events (as ``Event.as_dict()`` gives them): no HTTP, no Rasa. The channel
(:mod:`bot.channels.clerk`) reads the conversations (:mod:`bot.channels.clerk_store`) and calls
:func:`review_items` on each.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from knowledge import compare
from knowledge.kb import KnowledgeBase, KnowledgeBaseError

logger = logging.getLogger("bot.channels.clerk")  # the clerk desk's log, as before the split

ROOT = Path(__file__).resolve().parent.parent.parent
DEFAULT_FALLBACK_THRESHOLD = 0.3  # Rasa's FallbackClassifier default


@lru_cache(maxsize=1)
def fallback_threshold(config_path: Path = ROOT / "config.yml") -> float:
    """The FallbackClassifier threshold of the NLU pipeline in ``config.yml`` (Rasa's default if none)."""
    try:
        config = yaml.safe_load(config_path.read_text(encoding="utf-8")) or {}
        for component in config.get("pipeline") or []:
            if isinstance(component, dict) and component.get("name") == "FallbackClassifier":
                return float(component.get("threshold", DEFAULT_FALLBACK_THRESHOLD))
    except (OSError, ValueError, TypeError, yaml.YAMLError) as exc:
        logger.warning("clerk desk: could not read the fallback threshold from %s: %s", config_path, exc)
    return DEFAULT_FALLBACK_THRESHOLD


FALLBACK_ACTIONS = {"action_default_fallback", "utter_default", "action_two_stage_fallback", "action_clarify"}
OUT_OF_SCOPE_ACTIONS = {"utter_out_of_scope", "action_out_of_scope"}
SMALL_TALK = {"greet", "goodbye", "thanks", "help", "affirm", "deny", "bot_challenge", "chitchat"}
QUESTION_WORDS = set(
    "who what when where why how which whose whom can could do does did is are am must should may will would "
    "has have shall".split()
)
REASONS = {
    "fallback": "the assistant did not understand (nlu_fallback / utter_default)",
    "out_of_scope": "out of scope",
    "low_confidence": "intent confidence below the fallback threshold",
    "not_addressed": "answered that the municipality's text does not address it",
    "unknown_municipality": "a place none of the covered texts covers",
    "misunderstood": "taken for a municipality name, but no municipality was recognised",
    "unanswered": "a question that got neither an answer from the texts nor a follow-up question",
    "no_match": "no word of it occurs in the covered texts, and no cited answer was given",
    "handoff": "the user asked to talk to a person",
}


def conversation_turns(events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """User and bot turns from tracker events (as ``Event.as_dict()`` gives them), with the actions run."""
    turns: list[dict[str, Any]] = []
    for event in events:
        kind = event.get("event")
        if kind == "user":
            parse = event.get("parse_data") or {}
            intent = parse.get("intent") or {}
            ranking = [i for i in parse.get("intent_ranking") or [] if i.get("name") != "nlu_fallback"]
            turns.append(
                {
                    "role": "user",
                    "text": event.get("text") or "",
                    "timestamp": event.get("timestamp"),
                    "intent": intent.get("name"),
                    "confidence": intent.get("confidence"),
                    "top_intent": ranking[0] if ranking else None,
                    "entities": [
                        {"entity": x.get("entity"), "value": x.get("value")} for x in parse.get("entities") or []
                    ],
                    "metadata": event.get("metadata") or {},
                    "input_channel": event.get("input_channel"),
                    "actions": [],
                }
            )
        elif kind == "bot":
            data = event.get("data") or {}
            turns.append(
                {
                    "role": "bot",
                    "text": event.get("text") or "",
                    "timestamp": event.get("timestamp"),
                    "custom": data.get("custom"),
                    "utter_action": (event.get("metadata") or {}).get("utter_action"),
                }
            )
        elif kind == "action" and turns:
            user = next((t for t in reversed(turns) if t["role"] == "user"), None)
            if user is not None and event.get("name") not in ("action_listen", None):
                user["actions"].append(event.get("name"))
    return turns


def _looks_like_question(text: str) -> bool:
    words = text.lower().split()
    return "?" in text or bool(words and words[0].strip(",.!") in QUESTION_WORDS)


def _reasons(user: dict[str, Any], replies: list[dict[str, Any]], threshold: float) -> list[str]:
    """Why a user turn belongs on the review list (empty: it was answered)."""
    reasons: list[str] = []
    actions = set(user["actions"]) | {r.get("utter_action") for r in replies if r.get("utter_action")}
    intent = user.get("intent") or ""
    text = user.get("text") or ""
    if intent == "nlu_fallback" or actions & FALLBACK_ACTIONS:
        reasons.append("fallback")
    if intent.startswith("out_of_scope") or actions & OUT_OF_SCOPE_ACTIONS:
        reasons.append("out_of_scope")
    confidence = user.get("confidence")
    if intent != "nlu_fallback" and isinstance(confidence, (int, float)) and confidence < threshold:
        reasons.append("low_confidence")
    customs = [r["custom"] for r in replies if isinstance(r.get("custom"), dict)]
    if any(c.get("addressed") is False for c in customs):
        reasons.append("not_addressed")
    if any(c.get("ask") == "municipality" and c.get("unknown") for c in customs):
        reasons.append("unknown_municipality")
    if any(c.get("handoff") for c in customs):
        reasons.append("handoff")
    named = any(e.get("entity") == "municipality" for e in user.get("entities") or [])
    if not reasons and intent == "inform_municipality" and not named and not text.startswith("/"):
        reasons.append("misunderstood")
    answered = any(c.get("citations") or "addressed" in c or c.get("ask") for c in customs)
    if not reasons and not answered and intent not in SMALL_TALK and _looks_like_question(text):
        reasons.append("unanswered")
    return reasons


def _unmatched(kb: KnowledgeBase, user: dict[str, Any], replies: list[dict[str, Any]]) -> bool:
    """A confident guess at words the texts do not contain ("asdf qwerty zxcv" taken for a topic question)."""
    text = user.get("text") or ""
    if text.startswith("/") or len(text.split()) < 2 or (user.get("intent") or "") in SMALL_TALK:
        return False
    if any(e.get("entity") == "municipality" for e in user.get("entities") or []):
        return False
    if any(isinstance(r.get("custom"), dict) and r["custom"].get("citations") for r in replies):
        return False
    try:
        return not compare.suggest_sections(kb, text, None, limit=1)
    except KnowledgeBaseError:
        return False


_PHONE_LIKE = re.compile(r"(?:whatsapp:)?\+?[\d\s().-]{7,}")


def display_sender(sender: str) -> str:
    """A conversation id as the review list shows it: never a full phone number, never a web-chat id.

    ``sms:<hash>`` (the salted hash of a number) is shown as it is; an id that looks like a phone
    number (an SMS conversation stored before the ``sms:`` ids, or a REST sender who typed one) is
    masked to its last two digits; a web-chat id (a bearer secret, in its visitor's cookie) is
    shown as a short digest of it.
    """
    if _PHONE_LIKE.fullmatch(sender) and sum(ch.isdigit() for ch in sender) >= 7:
        digits = [ch for ch in sender if ch.isdigit()]
        return "•" * (len(digits) - 2) + "".join(digits[-2:])
    if sender.startswith("web:"):
        return "web:" + hashlib.sha256(sender.encode("utf-8", "replace")).hexdigest()[:12]
    return sender


def from_the_desk(sender: str, user: Mapping[str, Any]) -> bool:
    """Whether a user turn was sent by the clerk desk (its channel; never the client's metadata)."""
    channel = user.get("input_channel")
    if channel:
        return channel == "clerk"
    return sender.startswith("clerk-")


def review_items(
    sender: str,
    events: Iterable[Mapping[str, Any]],
    threshold: float,
    kb: KnowledgeBase | None = None,
    include_clerk: bool = False,
    context: int = 1,
) -> list[dict[str, Any]]:
    """The turns of one conversation the assistant could not answer, each with the turns around it.

    Reasons (see :data:`REASONS`): ``fallback`` (nlu_fallback / utter_default), ``out_of_scope``,
    ``low_confidence`` (intent confidence below ``threshold``), ``not_addressed`` (a bot answer
    whose custom payload has ``addressed: false``), ``unknown_municipality`` (a place the texts do
    not cover), and two checks for confident misreadings that no threshold catches:
    ``misunderstood`` (taken for a municipality name, none recognised: "asdf qwerty zxcv"),
    ``unanswered`` (a question answered with neither a text, a "not addressed" nor a follow-up
    question) and ``no_match`` (none of its words occur in the texts and no cited answer came). Suggested sections come from a full-text search of the user's subject words.
    Turns the clerk desk itself sent (input channel ``clerk``; for turns stored without a channel,
    a ``clerk-…`` sender) are left out unless asked for; what a client writes in its metadata
    plays no part (a REST caller cannot hide a conversation by claiming the clerk role).
    The ``sender`` of an item is :func:`display_sender`: never a full phone number.
    """
    turns = conversation_turns(events)
    exchanges: list[list[dict[str, Any]]] = []
    for turn in turns:
        if turn["role"] == "user" or not exchanges:
            exchanges.append([])
        exchanges[-1].append(turn)
    items = []
    for index, exchange in enumerate(exchanges):
        user = exchange[0]
        if user["role"] != "user":
            continue
        if not include_clerk and from_the_desk(sender, user):
            continue
        replies = exchange[1:]
        reasons = _reasons(user, replies, threshold)
        if not reasons and kb is not None and _unmatched(kb, user, replies):
            reasons = ["no_match"]
        if not reasons:
            continue
        municipality = next(
            (
                r["custom"].get("municipality")
                for r in replies
                if isinstance(r.get("custom"), dict) and r["custom"].get("municipality")
            ),
            None,
        )
        if municipality is None and kb is not None:
            named = [e["value"] for e in user["entities"] if e.get("entity") == "municipality" and e.get("value")]
            municipality = kb.resolve_municipality(str(named[-1])) if named else None
        excerpt = []
        for number, around in enumerate(
            exchanges[max(0, index - context) : index + context + 1], max(0, index - context)
        ):
            for turn in around:
                excerpt.append(
                    {
                        "role": turn["role"],
                        "text": turn["text"],
                        "timestamp": turn["timestamp"],
                        "flagged": number == index,
                        **(
                            {"intent": turn["intent"], "confidence": turn["confidence"]}
                            if turn["role"] == "user"
                            else {"addressed": (turn.get("custom") or {}).get("addressed")}
                        ),
                    }
                )
        suggestions: list[dict[str, Any]] = []
        if kb is not None and user["text"].strip():
            try:
                suggestions = compare.suggest_sections(kb, user["text"], municipality, limit=3)
            except KnowledgeBaseError as exc:
                logger.warning("clerk desk: no suggestions for a review item: %s", exc)
        items.append(
            {
                "sender": display_sender(sender),
                "timestamp": user["timestamp"],
                "time": _iso(user["timestamp"]),
                "reasons": reasons,
                "why": [REASONS[r] for r in reasons],
                "text": user["text"],
                "intent": user["intent"],
                "confidence": user["confidence"],
                "top_intent": user["top_intent"],
                "municipality": municipality,
                "bot": [r["text"] for r in replies if r["role"] == "bot" and r["text"]],
                "excerpt": excerpt,
                "suggestions": suggestions,
            }
        )
    return items


def _iso(timestamp: Any) -> str | None:
    if not isinstance(timestamp, (int, float)):
        return None
    return dt.datetime.fromtimestamp(timestamp, dt.timezone.utc).isoformat(timespec="seconds")
