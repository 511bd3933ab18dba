"""Hand-off to a person ("can I talk to someone?"): the enforcing office, and a flag for the clerk's review list."""

from __future__ import annotations

from typing import Any, Dict, List

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.common import current_municipality, kb, send
from actions.safety import guarded
from knowledge.handoff import asks_the_code, handoff
from knowledge.kb import KnowledgeBaseError


class ActionRequestHuman(Action):
    """Name the enforcing officer of the municipality in play (or of each one) and flag the conversation."""

    def name(self) -> str:
        return "action_request_human"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        if asks_the_code(kb(), tracker.latest_message.get("text") or ""):
            from actions.fallback import ActionClarify  # "how is the manager required to inform the owner?": the code

            return await ActionClarify().run(dispatcher, tracker, domain)
        key, _ = current_municipality(tracker)
        try:
            answer = handoff(kb(), key, tracker.latest_message.get("text") or "", tracker.get_slot("topic"))
        except KnowledgeBaseError:
            dispatcher.utter_message(
                text="Sorry, I can't look that up right now. Please contact your municipality's building inspector."
            )
            return []
        return send(dispatcher, answer, tracker) + ([SlotSet("municipality", key)] if key else [])
