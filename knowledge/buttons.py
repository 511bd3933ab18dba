"""The one builder of the "which municipality?" choice: ``/inform_municipality{"municipality": "<key>"}``.

The chat's buttons, the hand-off's buttons and the web chat's picker all send this message, which
Rasa reads as the ``inform_municipality`` intent with the municipality entity, whatever the channel.
"""

from __future__ import annotations

import json
from typing import Iterable

from knowledge.kb import Municipality

INFORM_INTENT = "inform_municipality"


def inform_payload(key: str) -> str:
    """The message that tells the assistant the user's municipality: ``/inform_municipality{...}``."""
    return "/" + INFORM_INTENT + json.dumps({"municipality": key})


def municipality_buttons(munis: Iterable[Municipality]) -> list[dict[str, str]]:
    """One quick-reply button per municipality, in the order given (the product's order)."""
    return [{"title": m.name, "payload": inform_payload(m.key)} for m in munis]
