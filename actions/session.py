"""A new conversation: the places covered, for the replies that name them (greeting, help, out of scope).

Those replies live in ``bot/domain/responses.yml`` and name the places through the ``covered_places``
slot, which this action fills from the knowledge base at the start of every session, so a new
municipality's data file is all it takes for them to name it. Slots carry over to the new session
as the domain's ``session_config`` says.
"""

from __future__ import annotations

from typing import Any, Dict, List

from rasa_sdk import Action, Tracker
from rasa_sdk.events import ActionExecuted, SessionStarted, SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.common import kb
from actions.safety import guarded
from knowledge.kb import KnowledgeBaseError

# Until the knowledge base answers, the replies say this instead of the names.
FALLBACK_PLACES = "the municipalities I cover"


class ActionSessionStart(Action):
    """Start a session: carry the slots over (as configured) and set ``covered_places``."""

    def name(self) -> str:
        return "action_session_start"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        events: List[Dict[str, Any]] = [SessionStarted()]
        if (domain.get("session_config") or {}).get("carry_over_slots_to_new_session", True):
            events += [
                SlotSet(key, value)
                for key, value in tracker.current_slot_values().items()
                if value is not None and key not in ("covered_places", "requested_slot")
            ]
        try:
            places = kb().covered_names()
        except KnowledgeBaseError:
            places = FALLBACK_PLACES
        events += [SlotSet("covered_places", places), ActionExecuted("action_listen")]
        return events
