"""The form of a question, read from its words: who-must, a figure, a definition, yes/no or open
(:func:`question_kind`), and whether a provision's wording answers a yes/no question (:func:`yes_no`).

Plain functions over text; :mod:`knowledge.selector` (which re-exports these names) ranks provisions with
them and :mod:`knowledge.compose` leads the answer with them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable

import yaml

FORMS_PATH = Path(__file__).with_name("question_forms.yml")
FORM_KEYS = (
    "figure_words", "definition_words", "yes_no_starts", "wh_words", "time_units", "who_start", "who_words",
    "yes_no_hints", "filler_opening", "in_definitions", "negations", "required_condition", "not_prevented",
    "permission", "relief", "not_relieved", "obligation", "lacking", "affirmed", "told_then_asked", "asked_unit",
    "time_setting", "refers_elsewhere", "what_happens_if", "request_starts", "asks_for_rule", "clause_then_yes_no",
    "asks_classification", "owner_party", "occupant_party", "officer_party", "asks_party_duty",
    "context_opening", "complaint_words", "tells_figure", "compels", "asks_when_allowed", "late_yes_no",
    "asks_one_alone",
)


def load_forms(path: Path = FORMS_PATH) -> dict[str, Any]:
    """The question forms' phrases and patterns (``knowledge/question_forms.yml``)."""
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle) or {}


_FORMS = load_forms()


def _pattern(key: str) -> re.Pattern[str]:
    return re.compile(_FORMS[key], re.IGNORECASE)


# Words that make a question a "who must" question, a figure question, a definition question.
WHO_START = _pattern("who_start")
WHO_WORDS = _pattern("who_words")
FIGURE_WORDS = tuple(_FORMS["figure_words"])
DEFINITION_WORDS = tuple(_FORMS["definition_words"])
YES_NO_STARTS = frozenset(_FORMS["yes_no_starts"])
REQUEST_STARTS = frozenset(_FORMS["request_starts"])

_WORD = re.compile(r"[a-z0-9]+")

YES_NO_HINTS = _pattern("yes_no_hints")
# "isn't there a rule about that?": whether the code has a provision on it at all
ASKS_FOR_RULE = _pattern("asks_for_rule")
_CLAUSE_THEN_YES_NO = _pattern("clause_then_yes_no")
_TELLS_FIGURE = _pattern("tells_figure")
COMPELS = _pattern("compels")
ASKS_WHEN_ALLOWED = _pattern("asks_when_allowed")
_LATE_YES_NO = _pattern("late_yes_no")
_ASKS_ONE_ALONE = _pattern("asks_one_alone")
# "how does the code classify overcrowding?": whether it falls under a defined term, asked openly
ASKS_CLASSIFICATION = _pattern("asks_classification")


WH_WORDS = frozenset(_FORMS["wh_words"])


def asks_wh(text: str) -> bool:
    """Whether a message asks what/which/where/when/why/how: a wh-word among the first three words of
    the message, or of its last clause ("Town of Howard § 12.11: what is the effect …?", "Under § 190-3
    of the code, at what times must …?")."""
    words = _WORD.findall(text.lower().replace("'", ""))
    if set(words[:3]) & WH_WORDS:
        return True
    if words and words[0] in YES_NO_STARTS:
        return False  # "Do the provisions extend to hotels, and how ...?": a yes/no question first
    tail = re.split(r"[:;,\u2014\u2013]\s+", text)[-1]
    return bool(set(_WORD.findall(tail.lower().replace("'", ""))[:3]) & WH_WORDS)


def asking_opens_with(text: str, words: frozenset[str] | set[str]) -> bool:
    """Whether the sentence that asks (``story_and_question``) has one of ``words`` among its first three
    ("… only gets to about 60. What is the heat supposed to reach?" opens with "what")."""
    asking = story_and_question(text)[1]
    return bool(set(_WORD.findall(asking.lower().replace("'", ""))[:3]) & set(words))


# a follow-up's opening words that only keep the conversation going ("ok and who actually hears the appeal?",
# "ok & where do i file it"): not the "ok" of "is it ok", so the question's form is read after them
_FILLER_OPENING = _pattern("filler_opening")


_IN_DEFINITIONS = _pattern("in_definitions")


def question_kind(text: str) -> str:
    """``who``, ``figure``, ``definition``, ``yes_no`` or ``open``: what form the answer should lead with."""
    text = _FILLER_OPENING.sub("", text) or text
    text = _IN_DEFINITIONS.sub(" ", text)  # "Under the City of Amery definitions, how must …": where, not a definition asked
    lowered = " " + " ".join(_WORD.findall(text.lower().replace("'", ""))) + " "
    asking = story_and_question(text)[1]
    opens_yes_no = bool(YES_NO_STARTS & set(_WORD.findall(asking.lower().replace("'", ""))[:1]))  # "Does what the lease …"
    if RELIEF.search(asking) and not WHO_START.search(asking) and (opens_yes_no or not asks_wh(asking)):
        return "yes_no"  # "lease says tenant is responsible for repairs. so its on them not me right": relieved or not
    if WHO_START.search(text) or WHO_WORDS.search(text) or WHO_START.search(re.split(r"[:;,\u2014\u2013]\s+", asking)[-1]):
        return "who"  # "Part of the roof caved in … Who can declare it unfit?", "Under the … code, who may remove …?"
    treated = any(f" {w} as " in lowered for w in ("treated", "regarded", "classified"))  # "is a kitchen treated as …"
    if ("mean" in lowered or " defin" in lowered or " count as " in lowered or " considered " in lowered or treated) and (
        '"' in text or "“" in text or " what does " in lowered or " defin" in lowered or " considered " in lowered or treated
    ):
        return "definition"
    if any(f" {w} " in lowered for w in FIGURE_WORDS) and not _TELLS_FIGURE.search(asking):
        return "figure"
    first = lowered.split()[0] if lowered.split() else ""
    if _CLAUSE_THEN_YES_NO.search(asking):
        return "yes_no"  # "once i fix everything can i just take it down myself"
    if asks_wh(text) or asking_opens_with(text, WH_WORDS):
        return "open"  # "what must …", "with what must …", "Under § 190-3, at what times must …"
    if WHAT_HAPPENS_IF.search(text):
        return "open"  # "and if i miss it?"
    if first in YES_NO_STARTS or YES_NO_HINTS.search(text) or text.rstrip().endswith("?"):
        return "yes_no"
    if _opening_after_place(text) in YES_NO_STARTS or _LATE_YES_NO.search(text):  # "muskego - can 2 small apts …"
        return "yes_no"
    opening = _WORD.findall(asking.lower().replace("'", ""))[:1]
    if asking != text and opening and opening[0] in YES_NO_STARTS:
        return "yes_no"  # "inspector says i need handrails on every stair. can he actually require that"
    return "open"


# a text message's leading place or topic before a dash or colon: "muskego - ", "amery: ", "T. of Holland -- "
_LEADING_LABEL = re.compile(r"^\s*[^-–—:?!.,]{1,40}?\s*(?:\s[-–—]+|:)\s+")


def _opening_after_place(text: str) -> str:
    """The first word after a short leading label ("muskego - can …" → "can"), or "" without one."""
    match = _LEADING_LABEL.match(text)
    if not match or len(match.group(0).split()) > 5:
        return ""
    words = _WORD.findall(text[match.end() :].lower().replace("'", ""))
    return words[0] if words else ""


NEGATIONS = _pattern("negations")
REQUIRED_CONDITION = _pattern("required_condition")
NOT_PREVENTED = _pattern("not_prevented")
PERMISSION = _pattern("permission")
# a question whether something relieves a party or covers him ("so im covered right?"), and a provision saying it does not
RELIEF = _pattern("relief")
NOT_RELIEVED = _pattern("not_relieved")
OBLIGATION = _pattern("obligation")


# what a question says is missing: "no window at all", "without screens", "doesn't have a railing",
# "none of the windows have screens"
_LACKING = _pattern("lacking")
_AFFIRMED = _pattern("affirmed")


def lacks_required(question: str, provision: str) -> bool:
    """Whether a permission question says something is missing that the provision requires ("no window at
    all … is that allowed?" met by "Every habitable room shall have at least one window"): the answer is no."""
    if question_kind(question) != "yes_no" or not PERMISSION.search(question):
        return False
    if NEGATIONS.search(provision) or not _AFFIRMED.search(provision):
        return False
    lowered = provision.lower()
    for word in _LACKING.findall(question.lower()):
        root = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
        if re.search(rf"\b{re.escape(root)}", lowered):
            return True
    return False


_PARTIES = {side: _pattern(f"{side}_party") for side in ("owner", "occupant", "officer")}
_ASKS_PARTY_DUTY = _pattern("asks_party_duty")


def _party(text: str) -> str | None:
    """The side ("owner", "occupant", "officer") of the first party a text names, or None."""
    found = [(m.start(), side) for side, pattern in _PARTIES.items() for m in [pattern.search(text)] if m]
    return min(found)[1] if found else None


def binds_another_party(question: str, provision: str) -> bool:
    """Whether a yes/no question about one party's duty ("does my landlord have to give notice before coming in?")
    meets a provision whose "shall" binds another ("… the Building Inspector shall give notice to the City
    Attorney"): its "shall" is no "Yes" to the question."""
    asked = _ASKS_PARTY_DUTY.search(story_and_question(question)[1])
    side = _party(asked.group(1)) if asked else None
    shall = re.search(r"\bshall\b", provision, re.I)
    if side is None or shall is None:
        return False
    bound = _party(re.split(r"[,;:]", provision[: shall.start()])[-1])
    return bound is not None and bound != side


_CONTEXT_OPENING = _pattern("context_opening")
_COMPLAINT_WORDS = _pattern("complaint_words")


def states_context(text: str) -> bool:
    """Whether a message only tells the asker's situation ("just bought a duplex in amery to rent out"): it opens as
    such a statement, asks nothing and names no problem (the caller checks it names no topic or duty)."""
    if "?" in text or question_kind(text) != "open" or asks_wh(text) or _COMPLAINT_WORDS.search(text):
        return False
    return bool(_CONTEXT_OPENING.search(text.strip()))


# Where a provision's proviso begins ("… shall likewise be supplied with screens, provided that such screens shall not be
# required … in rooms … free from such insects"): its "shall not" does not negate the duty before it.
_PROVISO = re.compile(r"\bprovided,? (?:that|however|further)\b", re.IGNORECASE)


def _needs_another(question: str, provision: str) -> bool:
    """Whether a question asks if one thing alone suffices and the provision requires it with another ("… sent a copy
    thereof by registered mail to his last known address and a copy is posted …")."""
    found = _ASKS_ONE_ALONE.search(question.lower())
    if found is None:
        return False
    thing = " ".join((found.group(1) or found.group(2) or "").split()[-2:])
    flat = " ".join(provision.lower().split())
    at = flat.find(f" {thing} ") if thing else -1
    return at >= 0 and " and " in re.split(r"[.;]", flat[at + len(thing) + 1 :], maxsplit=1)[0]


def yes_no(question: str, provision: str) -> str | None:
    """ "Yes" or "No" when the question is yes/no and the provision's wording settles it, else None.

    Only plain cases: a question of permission ("can my landlord shut off the water?") met by a
    prohibition ("No owner … shall cause … to be shut off") is "No"; a question of obligation
    ("do I need a license?", "does the owner have to …") met by a "shall" duty is "Yes".
    """
    if question_kind(question) != "yes_no":
        return None
    negated = bool(NEGATIONS.search(provision))
    if _needs_another(question, provision):
        return "No"  # "is registered mail alone sufficient?" met by "… by registered mail … and a copy is posted …"
    if RELIEF.search(question) and NOT_RELIEVED.search(provision):
        return "No"  # "does the lease let my landlord off the hook?" met by "… shall not relieve any party …"
    compels = COMPELS.search(story_and_question(question)[1])
    if compels:
        # "no screens on our windows … can I make the landlord put them in?": whether the landlord must; "can he make
        # me?" is met by what he "may require" too
        binding = r"\b(shall|must|required|may)\b" if compels.group(0).endswith(("me", "us")) else r"\b(shall|must|required)\b"
        affirmed = re.search(binding, provision, re.I) and not negated
        return "Yes" if affirmed and not binds_another_party(question, provision) else None
    if lacks_required(question, provision):
        return "No"  # what the question says is missing, the provision requires
    if PERMISSION.search(question) and NOT_PREVENTED.search(provision):
        return "Yes"  # "shall not be construed to prevent …": the thing is allowed
    if PERMISSION.search(question):
        return "No" if negated else ("Yes" if re.search(r"\bmay\b", provision, re.I) else None)
    if (
        OBLIGATION.search(question)
        or YES_NO_HINTS.search(question)
        or re.match(r"^\s*(do|does|is|are)\b", question, re.I)
        or re.match(r"^\s*(do|does|is|are)\b", story_and_question(question)[1], re.I)
    ):
        if NEGATIONS.search(_PROVISO.split(provision, 1)[0]):
            # "shall not rent … without having been issued a license": the license is required
            # ("No person shall operate a rooming house unless he holds a permit": the permit is required)
            # (not "does a basement count as a habitable room?" met by "No basement space shall be used as a habitable
            # room … unless:": no requirement was asked about)
            return "Yes" if REQUIRED_CONDITION.search(provision) and OBLIGATION.search(question) else None
        if binds_another_party(question, provision):
            return None
        return "Yes" if re.search(r"\b(shall|must|required)\b", provision, re.I) else None
    return None


# a word or phrase in quotes ('owner', "multiple dwelling", “Board”), not an apostrophe ("Muskego's"); its sentence's
# period or comma may sit inside the quotes ("refer to 'Board.' Which board …")
_QUOTED = re.compile(r"""(?:^|(?<=[\s(\[]))['"“‘]([A-Za-z][A-Za-z \-]{0,38}[A-Za-z])[.,?!]?['"”’](?=[\s?.,!;:)]|$)""")


def quoted_words(text: str) -> list[str]:
    """The words a message puts in quotes, lower-cased ("is my duplex a 'multiple dwelling'?" → ["multiple dwelling"])."""
    return [" ".join(re.findall(r"[a-z0-9]+", q.lower())) for q in _QUOTED.findall(str(text or ""))]


_SENTENCE_BREAK = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\"”')\]]))\s+")  # '… "working fine." What is …' too


# A clause told before a comma and a question opened after it, in one sentence: the clause is story too.
STORY_CLAUSE_MIN_WORDS = 4
_TOLD_THEN_ASKED = _pattern("told_then_asked")


def story_and_question(text: str) -> tuple[str, str]:
    """A message cut into its story and the sentence that asks: the last sentence with a question mark (else
    the last sentence). "landlord wants to fix the window tomorrow. do i have to let him in? (town of howard)"
    → ("landlord wants to fix the window tomorrow. (town of howard)", "do i have to let him in?")."""
    pieces = [p for p in _SENTENCE_BREAK.split(text.strip()) if p.strip()]
    asking = max((i for i, p in enumerate(pieces) if "?" in p), default=len(pieces) - 1)
    story, sentence = " ".join(pieces[:asking] + pieces[asking + 1 :]), pieces[asking] if pieces else ""
    told = _TOLD_THEN_ASKED.match(sentence)  # "got a violation notice from the inspector, how long do i have to appeal it"
    if told and len(told.group(1).split()) >= STORY_CLAUSE_MIN_WORDS and "?" not in told.group(1):
        story, sentence = f"{story} {told.group(1)}".strip(), sentence[told.end() :]
    return story, sentence.strip() if story else text.strip()


def asking_with_antecedent(text: str, back_references: Iterable[str], min_words: int) -> str:
    """The sentence that asks, with the story's last sentence before it when it is shorter than ``min_words`` and
    points back to it ("Now the landlord says he's shutting off our water on Friday. Can he really do that?": what
    "that" is); the asking sentence alone otherwise, and the whole message when there is no story."""
    story, asking = story_and_question(text)
    if not story or len(asking.split()) >= min_words or not refers_back(asking, back_references):
        return asking
    told = [p for p in _SENTENCE_BREAK.split(story.strip()) if p.strip()]
    return f"{told[-1]} {asking}" if told else asking


# A message this short (in words) that points back ("is that per day or just one time?") follows up the last answer.
BACK_REFERENCE_MAX_WORDS = 16


def refers_back(text: str, back_references: Iterable[str]) -> bool:
    """Whether a short message points back to the last answer with one of ``back_references`` (synonyms.yml):
    "is that per day or just one time?", "how long is it good for before i have to renew"."""
    words = re.findall(r"[a-z]+", str(text).lower().replace("'", "").replace("’", ""))
    return 0 < len(words) <= BACK_REFERENCE_MAX_WORDS and bool(set(words) & {w.replace("'", "") for w in back_references})


TIME_UNITS = frozenset(_FORMS["time_units"])
_ASKED_UNIT = _pattern("asked_unit")
TIME_SETTING = _pattern("time_setting")
REFERS_ELSEWHERE = _pattern("refers_elsewhere")
WHAT_HAPPENS_IF = _pattern("what_happens_if")


def asked_unit(question: str) -> str | None:
    """The unit of time a question asks a figure in ("within how many days must …?" → "days"), or None."""
    match = _ASKED_UNIT.search(str(question or ""))
    return match.group(1).lower() if match else None


_COUNT_WORDS = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|sixty|ninety"


def _states_in_unit(text: str, unit: str) -> bool:
    """Whether a sentence states a figure in ``unit`` ("within 10 days", "thirty days")."""
    return re.search(rf"\b(?:{_COUNT_WORDS})\s*(?:\(\d+\)\s*)?{unit[:-1]}s?\b", text, re.I) is not None
