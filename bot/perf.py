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

:func:`install_event_type_cache`: reading a conversation back from the tracker store turns
every stored event into an object, and Rasa finds each event's class by walking the whole tree
of ``Event`` subclasses (``Event.resolve_by_type``), which took about 3% of the Rasa server's
CPU per message (py-spy, 16 concurrent senders). The class found for a type name is remembered;
unknown names still go through Rasa's walk and behave as before (a default, ``None`` for the
legacy ``topic`` event, or ``ValueError``).

:func:`install_connection_reuse`: Rasa opens a new HTTP session, and so a new TCP connection,
for every custom-action call (``EndpointConfig.request``). One long-lived session per event loop
keeps its connections to the action server open between calls (idle ones for
:data:`KEEPALIVE_S`): about 0.45 ms less Rasa CPU per call, and a lower p95 at 16 concurrent
senders (``make bench``). A call that fails or times out still fails as before (its connection
is dropped, not reused).
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from typing import Any

from bot.rasa_version import require_pinned_rasa

logger = logging.getLogger(__name__)

_MAX_SCHEMAS = 128
_MAX_EVENTS = 4096


def install() -> None:
    """Install every fix of this module (idempotent); refuses on a Rasa other than the pinned one."""
    require_pinned_rasa("bot.perf")
    install_schema_check_cache()
    install_event_check_cache()
    install_event_type_cache()
    install_connection_reuse()


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


def install_event_type_cache() -> None:
    """Make ``Event.resolve_by_type`` remember the class it finds for each type name (see the module)."""
    from rasa.shared.core.events import Event

    if getattr(Event.resolve_by_type, "_remembers_types", False):
        return
    walk = Event.resolve_by_type
    found: dict[str, type] = {}

    def resolve_by_type(type_name: str, default: type | None = None) -> type | None:
        cls = found.get(type_name)
        if cls is not None:
            return cls
        cls = walk(type_name, default)
        if cls is not None and getattr(cls, "type_name", None) == type_name:
            found[type_name] = cls  # found by the walk, not a default (a dict write is atomic)
        return cls

    resolve_by_type.__doc__ = walk.__doc__
    resolve_by_type._remembers_types = True  # type: ignore[attr-defined]
    Event.resolve_by_type = staticmethod(resolve_by_type)  # type: ignore[method-assign, assignment]


class _Borrowed:
    """``async with`` around a shared session: entering lends it, leaving keeps it open."""

    def __init__(self, session: Any) -> None:
        self.session = session

    async def __aenter__(self) -> Any:
        return self.session

    async def __aexit__(self, *_exc: Any) -> bool:
        return False


KEEPALIVE_S = 2.0
"""How long an idle connection to the action server is kept open. Below the action server's
(Sanic's) 5 s keep-alive, so Rasa never sends on a connection the server is closing."""


def install_connection_reuse() -> None:
    """Make ``EndpointConfig.session()`` lend one long-lived ``aiohttp`` session per event loop (see the module).

    The session is made as Rasa makes its own (the endpoint's headers and basic auth, the same
    total timeout); only its connections are kept between calls. Outside an event loop Rasa's
    own fresh session is returned.
    """
    import asyncio
    import weakref

    import aiohttp
    from rasa.utils import endpoints

    EndpointConfig = endpoints.EndpointConfig
    if getattr(EndpointConfig.session, "_lends_shared", False):
        return
    fresh = EndpointConfig.session
    shared: weakref.WeakKeyDictionary[Any, dict[Any, Any]] = weakref.WeakKeyDictionary()

    def session(self: Any) -> Any:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return fresh(self)
        headers = dict(self.headers or {})
        basic = dict(self.basic_auth or {})
        key = (json.dumps(headers, sort_keys=True, default=str), json.dumps(basic, sort_keys=True, default=str))
        sessions = shared.setdefault(loop, {})
        current = sessions.get(key)
        if current is None or current.closed:
            current = aiohttp.ClientSession(
                headers=headers,
                auth=aiohttp.BasicAuth(basic["username"], basic["password"]) if basic else None,
                timeout=aiohttp.ClientTimeout(total=endpoints.DEFAULT_REQUEST_TIMEOUT),
                connector=aiohttp.TCPConnector(keepalive_timeout=KEEPALIVE_S),
            )
            sessions[key] = current
        return _Borrowed(current)

    async def close_shared_sessions() -> None:
        """Close the sessions lent in the running loop (before the loop ends; the server never needs to)."""
        for current in shared.pop(asyncio.get_running_loop(), {}).values():
            await current.close()

    session.__doc__ = fresh.__doc__
    session._lends_shared = True  # type: ignore[attr-defined]
    session.close_shared_sessions = close_shared_sessions  # type: ignore[attr-defined]
    EndpointConfig.session = session  # type: ignore[method-assign]
