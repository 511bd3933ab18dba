"""Start-up performance fixes for the Rasa server process (installed by ``bot/rasa_server.py``).

:func:`install_schema_check_cache`: Rasa 3.6 checks every action server response with
``jsonschema.validate(response, schema)``. That function first re-checks the *schema itself*
against its meta-schema, and with jsonschema 4.17 (draft 2020-12, ``$dynamicRef``) that takes
about 30 ms of CPU — on every custom-action call, inside the event loop, so it adds to every
answer and caps throughput (measured with ``make bench``; see the README's Performance
section). The schema is a constant, so ``jsonschema.validate`` is made to check each distinct
schema once and keep its validator. The response is still validated on every call, by the
same validator class, raising the same error as before.
"""

from __future__ import annotations

import json
import threading
from typing import Any

_MAX_SCHEMAS = 128


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
