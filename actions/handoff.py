"""Hand-off to a person ("can I talk to someone?"): the enforcing office, and a flag for the clerk's review list."""

from __future__ import annotations

from typing import Any, Dict, List

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.common import _slot_before_message, current_municipality, kb, send
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


def waiting_hand_off(tracker: Tracker) -> str | None:
    """The message that asked for a person, when the bot's last action answered it by asking which municipality
    ("is there someone at the town I can talk to?" … "howard"): the hand-off for the one now named answers it."""
    events = list(tracker.events or [])
    users = [i for i, e in enumerate(events) if isinstance(e, dict) and e.get("event") == "user"]
    if len(users) < 2:
        return None
    between = [e for e in events[users[-2] + 1 : users[-1]] if isinstance(e, dict) and e.get("event") == "action"]
    names = [e.get("name") for e in between if e.get("name") not in ("action_listen", None)]
    # (a municipality already set when the hand-off answered: it named that one's officer)
    if not names or names[-1] != ActionRequestHuman().name() or _slot_before_message(tracker, "municipality") is not None:
        return None
    return str(events[users[-2]].get("text") or "")
