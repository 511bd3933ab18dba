"""Actions that look things up directly: definitions, sections by number, full quotes, comparisons."""

from __future__ import annotations

import re
from typing import Any, Dict, List

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.answers import CANNOT_LOOK_UP, answer_or_ask, follows_space_check, space_topic, topic_asked, topic_of
from actions.common import current_municipality, kb, send
from actions.safety import guarded
from knowledge import selector
from knowledge.citations import find_citation
from knowledge.compare import answer_comparison
from knowledge.compose import (
    answer_definition,
    answer_section,
    asked_term,
    compared_definitions,
    duty_asked,
    full_quotes,
    topic_from_text,
    with_membership,
)
from knowledge.kb import KnowledgeBaseError

ASK_FOR_CITATION = 'Which section? Give its number, for example "show me 190-9" or "12.07(1)(a)".'


class ActionDefine(Action):
    """What a term means in the code(s): the municipality in play, or every covered one."""

    def name(self) -> str:
        return "action_define"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        text = tracker.latest_message.get("text") or ""
        key, _ = current_municipality(tracker)
        kind = selector.question_kind(text)
        asked = duty_asked(kb(), None, text)
        if asked and kind != "definition":
            # "in a rooming house, who supplies rubbish containers?" asks who, not what a rooming house is
            return answer_or_ask(dispatcher, tracker, asked[1])
        opening = text.lower().split()[:1]
        # "what is a habitable room?" asks what a term means; "how must occupants store garbage?" does not
        quoted = any(mark in text for mark in "\"“'") or bool(re.match(r"\s*what(?:'s| is| are| does)\b", text, re.I))
        topic = (
            topic_asked(tracker, 0.1)
            if kind != "definition" and opening in (["how"], ["what"], ["where"], ["when"], ["which"]) and not quoted
            else None
        )
        if topic:  # "how must occupants store garbage?" asks about garbage, not what an occupant is
            return answer_or_ask(dispatcher, tracker, topic)
        try:
            compared = compared_definitions(kb(), text, key) if key else None
            if compared is not None:  # "what distinguishes a 'basement' from a 'cellar'?"
                return send(dispatcher, compared, tracker)
            term = asked_term(kb(), text, key)
            answer = answer_definition(kb(), term, key)
            if term and key:  # "is a kitchen a 'habitable room'?": Yes or No first when the definition settles it
                answer = with_membership(kb(), text, term, key, answer)
            return send(dispatcher, answer, tracker)
        except KnowledgeBaseError:
            dispatcher.utter_message(text=CANNOT_LOOK_UP)
            return []


class ActionLookupSection(Action):
    """A section by its number ("show me 190-9")."""

    def name(self) -> str:
        return "action_lookup_section"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        citation = find_citation(tracker.latest_message.get("text") or "")
        if not citation and follows_space_check(tracker, ages_only=True):  # "3, 7 and 14" read as a section
            return answer_or_ask(dispatcher, tracker, space_topic(tracker))
        if not citation:
            dispatcher.utter_message(text=ASK_FOR_CITATION)
            return []
        key, _ = current_municipality(tracker)
        try:
            return send(dispatcher, answer_section(kb(), citation, key), tracker)
        except KnowledgeBaseError:
            dispatcher.utter_message(text=CANNOT_LOOK_UP)
            return []


class ActionQuoteSection(Action):
    """The full verbatim text of the sections the last answer cited."""

    def name(self) -> str:
        return "action_quote_section"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        try:
            return send(dispatcher, full_quotes(tracker.get_slot("last_citations") or []), tracker)
        except KnowledgeBaseError:
            dispatcher.utter_message(text=CANNOT_LOOK_UP)
            return []


class ActionCompare(Action):
    """One line per municipality on a topic, each with its citation or "not addressed"."""

    def name(self) -> str:
        return "action_compare"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        ranking = tracker.latest_message.get("intent_ranking") or []
        topic = topic_from_text(kb(), tracker.latest_message.get("text") or "")
        topic = topic or next((topic_of(r.get("name", "")) for r in ranking if topic_of(r.get("name", ""))), None)
        topic = topic or tracker.get_slot("topic")
        if not topic:
            dispatcher.utter_message(text='Compare what? For example: "compare bedroom sizes across towns".')
            return []
        try:
            return send(dispatcher, answer_comparison(kb(), topic), tracker)
        except KnowledgeBaseError:
            dispatcher.utter_message(text=CANNOT_LOOK_UP)
            return []
