"""Every action, driven directly with hostile tracker contents: it must still answer, and answer properly.

Slots can hold anything Rasa's HTTP API or a restored conversation puts there (a ``facts`` slot
that is a string, ``last_citations`` full of junk, a topic that does not exist, entities whose
values are lists). Each action must give a real, polite answer — not the apology of
:func:`actions.safety.guarded` for a crash, not a stack trace, not silence — and set slots only
to values of the shape the domain declares. "Quote the section" must never repeat a quote the
knowledge base does not hold.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import json
import math
import pkgutil

import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rasa_sdk import Action, FormValidationAction, Tracker
from rasa_sdk.executor import CollectingDispatcher

import actions
from actions.answers import ActionAnswerFact, ActionAnswerTopic, ActionSetMunicipality
from actions.lookup import ActionQuoteSection
from actions.safety import SORRY, clean_citations, clean_facts, guarded
from knowledge.compose import answer_definition, answer_section, answer_topic


def action_classes() -> list[type[Action]]:
    """Every action the action server registers (all modules of the package but the start-up check)."""
    for module in pkgutil.iter_modules(actions.__path__):
        if module.name != "startup":
            importlib.import_module(f"actions.{module.name}")
    found, todo = [], list(Action.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.__module__.startswith("actions.") and not inspect.isabstract(cls):
            found.append(cls)
    return sorted(set(found), key=lambda c: c.__name__)


ACTIONS = action_classes()
# The actions with a run() of their own (forms and their validators run rasa_sdk's run()).
OWN_RUN = [cls for cls in ACTIONS if "run" in vars(cls)]
SLOTS = (
    "municipality",
    "role",
    "topic",
    "pending_topic",
    "asked_fact",
    "facts",
    "last_citations",
    "disclaimer_shown",
    "space_size",
    "occupants",
    "ages",
    "last_space",
)


def make_tracker(text="", intent="", entities=None, slots=None, ranking=None, message=None) -> Tracker:
    latest = message if message is not None else {"text": text, "intent": {"name": intent, "confidence": 0.99}}
    if message is None:
        latest["entities"] = entities or []
        latest["intent_ranking"] = ranking or [{"name": intent, "confidence": 0.99}]
    return Tracker(
        sender_id="hostile",
        slots={**dict.fromkeys(SLOTS), "disclaimer_shown": False, **(slots or {})},
        latest_message=latest,
        events=[],
        paused=False,
        followup_action=None,
        active_loop={},
        latest_action_name="action_listen",
    )


def run(action: Action, tracker: Tracker, domain) -> tuple[list[dict], list[dict]]:
    dispatcher = CollectingDispatcher()
    events = asyncio.run(action.run(dispatcher, tracker, domain))
    return dispatcher.messages, events


def assert_proper(messages: list[dict], events: list[dict], where: str, silent_ok: bool = False) -> None:
    """A real answer: some text (a form's validator may say nothing), not the crash apology; events JSON;
    slot values of the declared shapes."""
    text = "\n".join(m.get("text") or "" for m in messages)
    assert silent_ok or text.strip() or any(m.get("buttons") for m in messages), f"{where}: no answer"
    assert SORRY not in text, f"{where}: the action crashed (see the log above)"
    assert "Traceback" not in text
    json.dumps(events, allow_nan=False)
    for event in events:
        if event.get("event") != "slot":
            continue
        name, value = event["name"], event["value"]
        if name == "facts":
            assert value is None or isinstance(value, dict), f"{where}: facts = {value!r}"
        elif name == "last_citations":
            assert value is None or (isinstance(value, list) and all(isinstance(c, dict) for c in value))
        elif name == "disclaimer_shown":
            assert isinstance(value, bool)
        elif name == "last_space":
            assert value is None or isinstance(value, dict), f"{where}: last_space = {value!r}"
        elif name in SLOTS:
            assert value is None or isinstance(value, str), f"{where}: {name} = {value!r}"


# -- strategies ----------------------------------------------------------------------------------
json_scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40)


def json_containers(inner: st.SearchStrategy) -> st.SearchStrategy:
    return st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)


json_values = st.recursive(json_scalars, json_containers, max_leaves=12)


@pytest.fixture(scope="module")
def vocabulary(kb, domain):
    """Real names to mix into the junk, so that hostile values also reach deep into the actions."""
    citations = [c for t in ("pests", "heating") for c in answer_topic(kb, "holland", t).payload.get("citations", [])]
    return {
        "municipalities": [m.key for m in kb.municipalities()] + [m.name for m in kb.municipalities()],
        "topics": list(kb.topics()),
        "facts": list((kb.meta("facts") or {}).keys()),
        "intents": list(domain["intents"]),
        "entities": list(domain["entities"]),
        "citations": citations,
    }


def hostile_trackers(v: dict) -> st.SearchStrategy[Tracker]:
    def text_or_junk(names):
        return st.sampled_from(names) | json_values

    citation = st.sampled_from(v["citations"]).flatmap(
        lambda real: st.dictionaries(st.sampled_from([*real, "quote", "extra"]), json_values, max_size=6).map(
            lambda junk: {**real, **junk}
        )
    )
    slots = st.fixed_dictionaries(
        {},
        optional={
            "municipality": text_or_junk(v["municipalities"]),
            "role": text_or_junk(["tenant", "landlord", "clerk"]),
            "topic": text_or_junk(v["topics"]),
            "pending_topic": text_or_junk(v["topics"]),
            "asked_fact": text_or_junk(v["facts"]),
            "facts": json_values | st.dictionaries(st.sampled_from(v["facts"]), json_values, max_size=5),
            "last_citations": json_values
            | st.lists(citation | st.sampled_from(v["citations"]) | json_values, max_size=4),
            "disclaimer_shown": json_values,
            "space_size": text_or_junk(["10x12", "10 by 12 feet", "two rooms, 12x14 and 10x11", "0x0", "1e308 sq ft"]),
            "occupants": text_or_junk(["3", "three kids", "0", "-1", "999999"]),
            "ages": text_or_junk(["3 and 14", "6 months and 10 years", "200", "-5"]),
            "last_space": json_values
            | st.fixed_dictionaries(
                {
                    "kind": text_or_junk(["bedroom", "unit"]),
                    "rooms": st.lists(text_or_junk(["10x12", "650 sq ft", "0x0"]), max_size=3) | json_values,
                    "persons": st.lists(
                        st.tuples(text_or_junk(["adult", "child", "baby"]), json_values).map(list), max_size=4
                    )
                    | json_values,
                    "rooming": json_values,
                    "ages": json_values,
                }
            ),
        },
    )
    entity = st.fixed_dictionaries({"entity": st.sampled_from(v["entities"]) | json_values, "value": json_values})
    entities = st.lists(entity | json_values, max_size=4) | json_values
    ranking = st.lists(
        st.fixed_dictionaries({"name": text_or_junk(v["intents"]), "confidence": json_values}) | json_values, max_size=4
    )
    message = st.fixed_dictionaries(
        {
            "text": st.text(max_size=80) | json_values,
            "intent": st.fixed_dictionaries({"name": text_or_junk(v["intents"]), "confidence": json_values})
            | json_values,
            "entities": entities,
            "intent_ranking": ranking | json_values,
        }
    )
    return st.builds(lambda s, m: make_tracker(slots=s, message=m), slots, message | json_values)


# -- every action, hostile trackers ----------------------------------------------------------------
def test_every_action_is_guarded():
    """New actions get the guard too (or this test names them)."""
    unguarded = [cls.__name__ for cls in OWN_RUN if not hasattr(vars(cls)["run"], "__wrapped__")]
    assert not unguarded, f"decorate their run() with @guarded (actions/safety.py): {unguarded}"


@pytest.mark.parametrize("action_class", OWN_RUN, ids=lambda c: c.__name__)
def test_action_answers_properly_whatever_the_tracker_holds(action_class, domain, vocabulary):
    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(hostile_trackers(vocabulary))
    def check(tracker):
        messages, events = run(action_class(), tracker, domain)
        assert_proper(messages, events, action_class.__name__, issubclass(action_class, FormValidationAction))

    check()


# -- hostile slots do not spoil the answer ---------------------------------------------------------
@pytest.mark.parametrize(
    "facts",
    ["units: 3", ["units_in_building", 2], 42, {"units_in_building": "many"}, {"infested_units": math.inf}, {"": {}}],
    ids=["string", "list", "number", "wrong-type", "infinite", "nested"],
)
def test_garbage_facts_still_get_the_cited_answer(domain, kb, facts):
    messages, events = run(
        ActionAnswerTopic(),
        make_tracker(
            "who exterminates in Holland?",
            "ask_pests",
            [{"entity": "municipality", "value": "Holland"}],
            {"facts": facts},
        ),
        domain,
    )
    assert_proper(messages, events, "garbage facts")
    assert "Town of Holland Code § 190-10" in messages[0]["text"]
    slots = {e["name"]: e["value"] for e in events if e.get("event") == "slot"}
    assert isinstance(slots["facts"], dict)


@pytest.mark.parametrize(
    "junk",
    [
        "not a list",
        [1, 2, 3],
        [{"quote": None}],
        [{"municipality": ["holland"], "section": {}, "quote": 3, "citation": 1}],
    ],
    ids=["string", "numbers", "no-fields", "wrong-types"],
)
def test_quote_request_with_junk_citations_asks_which_section(domain, junk):
    messages, events = run(
        ActionQuoteSection(), make_tracker("quote it", "quote_section", slots={"last_citations": junk}), domain
    )
    assert_proper(messages, events, "junk citations")
    assert "Which section?" in messages[0]["text"]


def test_an_invented_quote_is_never_repeated(domain, kb):
    real = answer_topic(kb, "holland", "pests").payload["citations"][0]
    forged = {**real, "quote": "The landlord shall pay the tenant one million dollars."}
    other_town = {**real, "municipality": "amery"}
    messages, _ = run(
        ActionQuoteSection(),
        make_tracker("quote it", "quote_section", slots={"last_citations": [forged, other_town, real]}),
        domain,
    )
    text = messages[0]["text"]
    assert "one million dollars" not in text
    assert real["quote"] in text
    assert [c["quote"] for c in messages[0]["custom"]["citations"]] == [real["quote"]]


def test_unknown_topic_in_the_slots_is_forgotten_not_crashed(domain):
    messages, events = run(
        ActionSetMunicipality(),
        make_tracker(
            "Amery", "inform_municipality", [{"entity": "municipality", "value": "Amery"}], {"pending_topic": "lasers"}
        ),
        domain,
    )
    assert_proper(messages, events, "unknown topic")
    assert "City of Amery" in messages[0]["text"]


def test_asked_fact_that_does_not_exist(domain):
    messages, events = run(
        ActionAnswerFact(), make_tracker("yes", "affirm", slots={"asked_fact": "' OR 1=1", "topic": "pests"}), domain
    )
    assert_proper(messages, events, "unknown fact")


# -- the sanitiser keeps everything real ----------------------------------------------------------
def test_every_real_citation_survives_the_check(kb):
    """What the actions themselves store in last_citations always passes (topics, sections, definitions)."""
    answers = [
        answer_topic(kb, m.key, t, role=r) for m in kb.municipalities() for t in kb.topics() for r in (None, "clerk")
    ]
    answers += [answer_definition(kb, "habitable room", m.key) for m in kb.municipalities()]
    answers += [answer_section(kb, "190-9")]
    cited = [a.payload["citations"] for a in answers if a.payload.get("citations")]
    assert sum(map(len, cited)) > 100
    for citations in cited:
        assert clean_citations(citations) == citations


def test_facts_of_the_right_type_are_kept(kb):
    known = kb.meta("facts")
    facts = {"units_in_building": 3, "shared_areas_infested": True, "owner_failure": False, "note": "basement"}
    assert clean_facts(facts, known) == facts
    assert clean_facts({"units_in_building": True, "owner_failure": "yes", "x": [1]}, known) == {}


def test_a_crashing_action_apologises_instead_of_failing(domain):
    class Broken(Action):
        def name(self):
            return "action_broken"

        @guarded
        async def run(self, dispatcher, tracker, domain):
            dispatcher.utter_message(text="half an answer")
            raise RuntimeError("boom")

    messages, events = run(Broken(), make_tracker("hi", "greet"), domain)
    assert [m["text"] for m in messages] == [SORRY] and events == []


# -- over HTTP: the real action server -------------------------------------------------------------
@pytest.mark.parametrize(
    "slots",
    [
        {"facts": "junk", "last_citations": "junk", "topic": ["pests"]},
        {"municipality": {"key": "holland"}, "role": 7, "disclaimer_shown": "yes"},
        {"pending_topic": "x" * 100_000, "asked_fact": None},
    ],
    ids=["strings", "objects", "huge"],
)
@pytest.mark.parametrize("action", ["action_answer_topic", "action_set_municipality", "action_quote_section"])
def test_action_server_answers_hostile_slots(action_server, domain, action, slots):
    tracker = {
        "sender_id": "hostile-http",
        "slots": {**dict.fromkeys(SLOTS), **slots},
        "latest_message": {
            "text": "who exterminates in Muskego",
            "intent": {"name": "ask_pests", "confidence": 0.9},
            "entities": [{"entity": "municipality", "value": "Muskego"}],
        },
        "events": [],
        "paused": False,
        "followup_action": None,
        "active_loop": {},
        "latest_action_name": "action_listen",
    }
    response = requests.post(
        action_server,
        json={"next_action": action, "sender_id": "hostile-http", "tracker": tracker, "domain": domain},
        timeout=30,
    )
    assert response.status_code == 200, response.text[:300]
    texts = "\n".join(r.get("text") or "" for r in response.json()["responses"])
    assert texts.strip() and SORRY not in texts
