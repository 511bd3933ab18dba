"""Start-up performance fixes for the Rasa server process (``bot/rasa_server.py`` calls :func:`install`).

Both concern the check Rasa makes of every action server response; together they took about
two thirds of the Rasa server's CPU per answer (measured with ``make bench``; see the README's
Performance section). Neither changes what is accepted or refused, nor the error raised.

:func:`install_schema_check_cache`: Rasa 3.6 checks every action server response with
``jsonschema.validate(response, schema)``. That function first re-checks the *schema itself*
against its meta-schema, and with jsonschema 4.17 (draft 2020-12, ``$dynamicRef``) that takes
about 30 ms of CPU — on every custom-action call, inside the event loop, so it adds to every
answer and caps throughput. The schema is a constant, so ``jsonschema.validate`` is made to
check each distinct schema once and keep its validator. The response is still validated on
every call, by the same validator class, raising the same error as before.

:func:`install_event_check_cache`: validating a response then still costs about 2.5 ms, nearly
all of it matching each event against the ~23 kinds of event (``oneOf``). An event is valid or
not by itself (the schema is ``{"type": "array", "items": EVENT_SCHEMA}``), and actions return
the same few events over and over (``SlotSet("municipality", "holland")``), so events that have
passed are remembered (their JSON, up to 4,096). A response whose events are all remembered,
with a list of objects as ``responses``, is valid; any other goes through the full check.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from typing import Any

logger = logging.getLogger(__name__)

_MAX_SCHEMAS = 128
_MAX_EVENTS = 4096


def install() -> None:
    """Install every fix of this module (idempotent)."""
    install_schema_check_cache()
    install_event_check_cache()


def install_schema_check_cache() -> None:
    """Make ``jsonschema.validate`` check each schema against its meta-schema once, not per call."""
    import jsonschema
    from jsonschema import exceptions, validators

    if getattr(jsonschema.validate, "_checks_schema_once", False):
        return
    checked: dict[tuple[Any, str], Any] = {}
    lock = threading.Lock()

    def validate(instance: Any, schema: Any, cls: Any = None, *args: Any, **kwargs: Any) -> None:
        if cls is None:
            cls = validators.validator_for(schema)
        key = (cls, json.dumps(schema, sort_keys=True, default=repr))
        validator = checked.get(key)
        if validator is None:
            cls.check_schema(schema)  # raises SchemaError for a bad schema, as before; not cached
            validator = cls(schema)
            with lock:
                if len(checked) >= _MAX_SCHEMAS:
                    checked.clear()
                checked[key] = validator
        if args or kwargs:
            validator = cls(schema, *args, **kwargs)
        error = exceptions.best_match(validator.iter_errors(instance))
        if error is not None:
            raise error

    validate.__doc__ = jsonschema.validate.__doc__
    validate._checks_schema_once = True  # type: ignore[attr-defined]
    jsonschema.validate = validate


def _expected_response_spec() -> dict[str, Any]:
    from rasa.shared.utils.schemas.events import EVENT_SCHEMA

    return {
        "type": "object",
        "properties": {
            "events": {"type": "array", "items": EVENT_SCHEMA},
            "responses": {"type": "array", "items": {"type": "object"}},
        },
    }


def install_event_check_cache(max_events: int = _MAX_EVENTS) -> bool:
    """Remember action server events that passed Rasa's check (see the module); False if not installed.

    Installs only when Rasa's response schema is the one this reasons about; otherwise Rasa's
    own check runs unchanged (and a warning says so).
    """
    from rasa.core.actions.action import RemoteAction

    if getattr(RemoteAction._validate_action_result, "_remembers_events", False):
        return True
    if RemoteAction.action_response_format_spec() != _expected_response_spec():
        logger.warning("Rasa's action response schema is not the expected one: events are checked in full")
        return False
    full_check = RemoteAction._validate_action_result
    passed: OrderedDict[str, None] = OrderedDict()
    lock = threading.Lock()

    def keys_if_plain(result: Any) -> list[str] | None:
        """The events' JSON when the response's shape is plainly valid, else None (full check)."""
        if not isinstance(result, dict):
            return None
        responses = result.get("responses", [])
        if not isinstance(responses, list) or not all(isinstance(r, dict) for r in responses):
            return None
        events = result.get("events", [])
        if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
            return None
        try:
            return [json.dumps(e, sort_keys=True) for e in events]
        except (TypeError, ValueError):
            return None

    def _validate_action_result(self: Any, result: dict[str, Any]) -> bool:
        keys = keys_if_plain(result)
        if keys is not None and all(k in passed for k in keys):
            return True
        valid = full_check(self, result)  # raises ValidationError for an invalid response, as before
        if keys is not None:
            with lock:
                for key in keys:
                    passed[key] = None
                    passed.move_to_end(key)
                while len(passed) > max_events:
                    passed.popitem(last=False)
        return valid

    _validate_action_result.__doc__ = full_check.__doc__
    _validate_action_result._remembers_events = True  # type: ignore[attr-defined]
    RemoteAction._validate_action_result = _validate_action_result
    return True
