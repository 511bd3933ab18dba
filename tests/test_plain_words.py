"""Plain words only in what users see: no internal identifier (a snake_case key of the vocabulary,
like ``heating_measure_height_in``) and no editorial note ("the definition is garbled") in any
answer of the acceptance suites, run through the bot; and none in the composed answers for every
topic of every municipality (the same check without the servers).
"""

from __future__ import annotations

import functools
import re
import uuid
from pathlib import Path

import pytest
import yaml
from conftest import rest

from knowledge.compose import answer_topic
from knowledge.curated import EDITORIAL_WORDS, internal_keys, load_vocab

HERE = Path(__file__).parent / "acceptance"
PLACES = ("the Town of Holland", "Howard", "the City of Amery", "the Village of Dresser", "Muskego")
KEYS = internal_keys(load_vocab())
# Other editorial asides that must not reach users.
EDITORIAL = re.compile(r"\(see [a-z0-9_ ]+\)|source text line \d+|" + "|".join(EDITORIAL_WORDS), re.I)


def shown(messages: list[dict]) -> str:
    """Everything of a reply a channel shows: text, button titles, and the citation panels."""
    parts: list[str] = []
    for message in messages:
        parts.append(str(message.get("text") or ""))
        parts += [str(b.get("title") or "") for b in message.get("buttons") or []]
        custom = message.get("custom") or {}
        for citation in custom.get("citations") or []:
            parts += [str(citation.get(k) or "") for k in ("citation", "heading", "provenance")]
    return "\n".join(parts)


def problems(text: str) -> list[str]:
    words = set(re.findall(r"[a-z0-9]+(?:_[a-z0-9]+)+", text))
    found = sorted(words & KEYS)
    found += [m.group(0) for m in EDITORIAL.finditer(text)]
    return found


def test_the_check_catches_what_it_looks_for():
    assert problems("70° F. (see heating_measure_height_in)") == [
        "heating_measure_height_in",
        "(see heating_measure_height_in)",
    ]
    assert problems("the definition is garbled") == ["garbled"]
    assert problems("Source text line 318.") == ["Source text line 318"]
    assert problems("In the Town of Holland, the owner must supply heat.") == []


def test_composed_answers_for_every_topic_and_municipality_use_plain_words(kb):
    found = {}
    for muni in kb.municipalities():
        for topic in kb.topics():
            answer = answer_topic(kb, muni.key, topic)
            bad = problems(shown([{"text": answer.text, "custom": answer.payload}]))
            if bad:
                found[f"{muni.key}/{topic}"] = bad
    assert found == {}


# The development sets (``blind_dev*.yml``, some 7,000 questions) are replayed one question in DEV_SAMPLE_EVERY:
# replaying them all took most of `make test`'s time, and their answers are built by the same code as the ones sampled.
DEV_SAMPLE_EVERY = 5


def is_dev_set(path: Path) -> bool:
    return path.stem.startswith("blind_dev")


@functools.cache
def load(path: Path):
    """A suite's YAML (parsed once; the C loader when PyYAML has it)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def suites() -> list[Path]:
    """The suites replayed: every acceptance suite in full, and a sample of each development set."""
    return sorted(HERE.glob("*.yml"))


def acceptance_conversations() -> list[tuple[str, list[str]]]:
    """Every conversation of every acceptance suite (``tests/acceptance/*.yml``), as user turns:
    the topic questions for each municipality, the hand-written conversations, the blind set, and
    every DEV_SAMPLE_EVERY-th question of each development set."""
    found: list[tuple[str, list[str]]] = []
    for path in suites():
        data = load(path)
        if isinstance(data, dict):  # topic -> question with {place}
            found += [(f"{path.stem}: {q}", [q.format(place=p)]) for q in data.values() for p in PLACES]
            continue
        for index, item in enumerate(data or []):
            if is_dev_set(path) and index % DEV_SAMPLE_EVERY:
                continue
            if "turns" in item:
                found.append((f"{path.stem}: {item.get('name')}", [str(t["user"]) for t in item["turns"]]))
            elif "question" in item:
                turns = [str(t) for t in item.get("before") or []] + [str(item["question"])]
                found.append((f"{path.stem}: {item.get('id')}", turns))
    return found


def test_every_acceptance_suite_is_read():
    conversations = acceptance_conversations()
    names = {name.split(":")[0] for name, _ in conversations}
    assert names == {p.stem for p in suites()} and "blind" in names
    blind = load(HERE / "blind.yml")
    assert sum(name.startswith("blind:") for name, _ in conversations) == len(blind)  # the acceptance set in full
    dev = [p for p in suites() if is_dev_set(p)]
    sampled = sum(name.split(":")[0] in {p.stem for p in dev} for name, _ in conversations)
    total = sum(len(load(p) or []) for p in dev)
    assert total // DEV_SAMPLE_EVERY <= sampled <= total // DEV_SAMPLE_EVERY + len(dev)


@pytest.mark.servers
def test_no_answer_of_the_acceptance_suites_shows_an_internal_identifier(servers):
    found: dict[str, list[str]] = {}
    for name, turns in acceptance_conversations():
        sender = f"plain-{uuid.uuid4().hex[:10]}"
        for turn in turns:
            bad = problems(shown(rest(servers, sender, turn)))
            if bad:
                found[f"{name}: {turn}"] = bad
    assert found == {}
