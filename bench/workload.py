"""What the benchmark says to each assistant: lists of conversations (each a list of messages).

Ours: the real questions of the acceptance suite (every topic for every municipality, the
hand-written conversations) and of the held-out NLU set, plus multi-turn conversations people
have with it: a question without a municipality and then the municipality, and a question
followed by "what about Amery?" and "and in the Village of Dresser?". The starter assistant
(``rasa init``) gets its own kind of conversation: greetings, moods, yes/no, bye.

The order is shuffled with a fixed seed, so every run sends the same mix.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Iterable

import yaml

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"

Conversation = list[str]

# How people name the five municipalities (full names, short names, with and without "the").
PLACE_NAMES = {
    "holland": ["the Town of Holland", "Holland", "Town of Holland"],
    "howard": ["Howard", "the Town of Howard"],
    "amery": ["the City of Amery", "Amery"],
    "dresser": ["the Village of Dresser", "Dresser"],
    "muskego": ["Muskego", "the City of Muskego"],
}
FOLLOW_UPS = ["what about {place}?", "and in {place}?", "how about {place}", "same question for {place}"]
HELDOUT_PER_INTENT = 2
SEED = 7


def topic_questions(path: Path = TESTS / "acceptance" / "topic_questions.yml") -> dict[str, str]:
    """Topic -> question template with ``{place}``."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _said(value: object) -> str:
    """A turn as the user typed it (YAML reads an unquoted ``no`` / ``yes`` as a boolean)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


def acceptance_conversations(path: Path = TESTS / "acceptance" / "conversations.yml") -> list[Conversation]:
    """The user turns of the hand-written acceptance conversations."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [[_said(turn["user"]) for turn in conv["turns"]] for conv in data]


def heldout_examples(path: Path = TESTS / "nlu" / "heldout.yml", per_intent: int = HELDOUT_PER_INTENT) -> list[str]:
    """The first ``per_intent`` held-out NLU examples of every intent."""
    out: list[str] = []
    for block in yaml.safe_load(path.read_text(encoding="utf-8"))["nlu"]:
        examples = [
            line.strip()[2:].strip() for line in block["examples"].splitlines() if line.strip().startswith("- ")
        ]
        out.extend(examples[:per_intent])
    return out


def without_place(template: str) -> str:
    """A topic question with its municipality left out ("... in {place}?" -> "...?")."""
    return template.replace(" in {place}", "").replace("{place}", "").strip()


def _cycle(items: list[str], i: int) -> str:
    return items[i % len(items)]


def ours(seed: int = SEED) -> list[Conversation]:
    """The conversation mix for the housing-code assistant."""
    questions = topic_questions()
    keys = list(PLACE_NAMES)
    convs: list[Conversation] = []
    # Every topic for every municipality, one question each.
    for t, template in enumerate(questions.values()):
        for m, key in enumerate(keys):
            convs.append([template.format(place=_cycle(PLACE_NAMES[key], t + m))])
    # The hand-written acceptance conversations.
    convs.extend(acceptance_conversations())
    # A question without the municipality, then the municipality; a question, then follow-ups.
    for t, template in enumerate(questions.values()):
        first, second, third = (keys[(t + k) % len(keys)] for k in (0, 2, 4))
        convs.append([without_place(template), _cycle(PLACE_NAMES[first], t)])
        convs.append(
            [
                template.format(place=_cycle(PLACE_NAMES[first], t)),
                _cycle(FOLLOW_UPS, t).format(place=_cycle(PLACE_NAMES[second], t)),
                _cycle(FOLLOW_UPS, t + 1).format(place=_cycle(PLACE_NAMES[third], t)),
            ]
        )
    # Held-out NLU examples (greetings, thanks, definitions, sections, topic questions ...).
    convs.extend([text] for text in heldout_examples())
    random.Random(seed).shuffle(convs)
    return convs


# The starter assistant's own kind of conversation, following its stories and rules
# (greet -> mood -> did that help? -> yes/no; goodbye; bot challenge), in its NLU data's words.
STARTER_FLOWS: tuple[tuple[str, ...], ...] = (
    ("hello", "I am sad", "yes"),
    ("hey there", "very sad", "no"),
    ("hi", "great"),
    ("good morning", "I am feeling very good", "bye"),
    ("are you a bot?",),
    ("hey", "unhappy", "of course", "goodbye"),
    ("good evening", "my day was horrible", "not really"),
    ("hello there", "amazing", "see you later"),
    ("am I talking to a human?",),
    ("hi", "I don't feel very well", "indeed", "bye bye"),
    ("goodbye",),
    ("hey dude", "I am great", "have a nice day"),
)


def starter(seed: int = SEED, repeat: int = 4) -> list[Conversation]:
    """The conversation mix for the ``rasa init`` starter assistant."""
    convs = [list(flow) for _ in range(repeat) for flow in STARTER_FLOWS]
    random.Random(seed).shuffle(convs)
    return convs


def message_count(convs: Iterable[Conversation]) -> int:
    """How many messages a list of conversations holds."""
    return sum(len(c) for c in convs)
