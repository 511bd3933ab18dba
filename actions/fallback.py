"""When the assistant is not sure what was asked: a clarifying question naming the likely topics."""

from __future__ import annotations

from typing import Any, Dict, List

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.answers import adds_facts, answer_or_ask, topic_of
from actions.common import kb, latest_entity
from actions.safety import guarded
from knowledge.compose import duty_asked, topic_for_duty, topic_from_text
from knowledge.facts import asked_duty

MAX_SUGGESTIONS = 3
# Entities that make an unclear message a follow-up to the last answer ("and for two people?").
FOLLOW_UP_ENTITIES = ("people", "dimensions", "age", "units", "municipality")


class ActionClarify(Action):
    """Low NLU confidence: ask which of the likely topics was meant (as buttons)."""

    def name(self) -> str:
        return "action_clarify"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        text = (tracker.latest_message.get("text") or "").strip()
        if not text:
            dispatcher.utter_message(
                text='Did you mean to ask something? Try "Who has to exterminate the roaches?" or say "help".'
            )
            return []
        topic = tracker.get_slot("topic")
        if adds_facts(tracker):  # "4plex, common hallway" after a "who" question
            return answer_or_ask(dispatcher, tracker, topic, same_question=True, follow_up=True)
        if topic and any(latest_entity(tracker, e) for e in FOLLOW_UP_ENTITIES):
            return answer_or_ask(dispatcher, tracker, topic)  # "and for three people?"
        # a message naming a duty ("Utilities in Dresser, WI?"), whatever the NLU made of it: its verdict
        named = asked_duty(text, kb().fact_vocabulary())
        asked = duty_asked(kb(), None, text) or (duty_asked(kb(), topic_for_duty(named), text) if named else None)
        if asked:
            return answer_or_ask(dispatcher, tracker, asked[1])
        named_topic = topic_from_text(text) if latest_entity(tracker, "municipality") else None
        if named_topic and topic_for_duty(kb().fact_vocabulary().topic_duty.get(named_topic)):
            return answer_or_ask(dispatcher, tracker, named_topic)  # "Town of Howard trash q"
        ranking = tracker.latest_message.get("intent_ranking") or []
        topics = kb().topics()
        likely = []
        for candidate in ranking:
            topic = topic_of(candidate.get("name", ""))
            if topic and topic not in likely and candidate.get("confidence", 0) >= 0.05:
                likely.append(topic)
        likely = likely[:MAX_SUGGESTIONS]
        if not likely:
            dispatcher.utter_message(
                text="Sorry, I'm not sure what you mean. I answer questions about five Wisconsin housing codes; "
                'say "help" for examples.'
            )
            return []
        names = [topics[t].split(",")[0].split(" (")[0] for t in likely]
        dispatcher.utter_message(
            text="Sorry, I'm not sure I understood. Did you mean one of these?",
            buttons=[{"title": name, "payload": f"/ask_{topic}"} for name, topic in zip(names, likely)],
            json_message={"clarify": likely, "addressed": None, "fallback": True},
        )
        return []
