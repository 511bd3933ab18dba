"""The form of a question, read from its words: who-must, a figure, a definition, yes/no or open
(:func:`question_kind`), and whether a provision's wording answers a yes/no question (:func:`yes_no`).

Plain functions over text; :mod:`knowledge.selector` (which re-exports these names) ranks provisions with
them and :mod:`knowledge.compose` leads the answer with them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable, Sequence

import yaml

FORMS_PATH = Path(__file__).with_name("question_forms.yml")
FORM_KEYS = (
    "figure_words", "definition_words", "yes_no_starts", "wh_words", "time_units", "who_start", "who_words",
    "yes_no_hints", "filler_opening", "in_definitions", "negations", "required_condition", "not_prevented",
    "permission", "relief", "not_relieved", "obligation", "lacking", "affirmed", "told_then_asked", "asked_unit",
    "time_setting", "asks_period", "states_period", "refers_elsewhere", "what_happens_if", "request_starts",
    "asks_for_rule", "clause_then_yes_no", "asks_classification", "owner_party", "occupant_party", "officer_party", "asks_party_duty",
    "context_opening", "complaint_words", "tells_figure", "compels", "asks_when_allowed", "late_yes_no",
    "asks_one_alone", "authority_asks", "without_asked", "conditioned_on", "denies_quality", "conflicts", "entails",
    "stated_limits", "still_despite", "stated_outlets", "no_fixture", "has_fixture", "choice_given", "asker_obliged",
    "gives_thing", "alternative_ways", "left_out_unnamed", "requires_party_to", "asked_qualities",
    "given_unnamed", "applies_to", "also_applies", "except_clause", "asks_recipient", "sends_to_office", "asks_violation", "share_words", "lacking_before", "asks_compliance", "in_place_of", "asks_refusal", "referenced_figure", "outlets_as_rule", "at_most_distance", "told_distance", "what_if_instead", "code_title", "supplied_by_owner",
    "courtesy", "points_to_a_thing", "lacking_as", "refuses_officer", "grants_entry", "reasonable_hour", "fine_claim", "fine_other_way",
    "shifted_by_agreement", "assumed_by_agreement", "second_alternative", "both_required", "only_one", "asks_for_more",
    "denied_part", "asks_sufficient", "period_act", "told_then_period", "asks_rule_exists", "alternative_permitted",
    "constancy", "drops_constancy", "at_most_units", "told_units", "still_counts", "as_if_not", "one_alone_stops",
    "may_idioms", "needs_thing", "credential_words", "grant_words", "prevails", "asks_prevails", "always_prevails", "more_than_told",
    "precedence_classes", "asks_for_figure", "figure_as_content", "purpose_clause", "thing_prohibited", "figure_head", "asks_allowed", "pinned_topics", "relief_instruments",
    "asks_what_follows", "follows_words", "follows_if", "follows_clause_break", "follows_reported", "follows_weight",
    "trailing_clause", "who_counts_as", "applies_pointers", "second_question", "asks_upper_bound", "lower_bound_quote",
    "upper_bound_quote", "upper_bound_units", "asks_prohibited", "scope_asked", "scope_left_out", "unreasonable_hour",
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
_FIGURE_AS_CONTENT = _pattern("figure_as_content")
PURPOSE_CLAUSE = _pattern("purpose_clause")
_ASKS_ALLOWED = _pattern("asks_allowed")
THING_PROHIBITED = _pattern("thing_prohibited")
FIGURE_HEAD = _pattern("figure_head")
_STATED_FIGURE = _pattern("stated_figure")
_REFERENCED_FIGURE = _pattern("referenced_figure")
COMPELS = _pattern("compels")
ASKS_WHEN_ALLOWED = _pattern("asks_when_allowed")
AUTHORITY_ASKS = _pattern("authority_asks")
_STILL_DESPITE = _pattern("still_despite")
_DENIED_DESPITE = _pattern("denied_despite")
_CHOICE_GIVEN = CHOICE_GIVEN = _pattern("choice_given")  # "… may give … free access …, or require a warrant"
_ASKER_OBLIGED = _pattern("asker_obliged")
_GIVES_THING = _pattern("gives_thing")
_REFUSES_OFFICER = _pattern("refuses_officer")
SHIFTED_BY_AGREEMENT = _pattern("shifted_by_agreement")
_ASSUMED_BY_AGREEMENT = _pattern("assumed_by_agreement")
_GRANTS_ENTRY = _pattern("grants_entry")


def _permitted_only_after(question: str, provision: str) -> bool:
    """Whether what a "must … give …?" question asks about is what the provision's permission waits for ("must the
    inspector give notice before entering?" met by "may enter … after due notice")."""
    # ("upon showing …"; "… shall give the Building Inspector access … at proper times after due notice" too)
    granted = re.search(r"\b(?:may|(?:is|are)(?: hereby)? authorized|give [^.;]{0,60}\baccess)\b", provision, re.IGNORECASE)
    return bool(granted) and _conditioned_on(_GIVES_THING, question, provision)


def _conditioned_on(asked: re.Pattern[str], question: str, provision: str) -> bool:
    """Whether a thing the question names (group 1 of ``asked``: "notice", "permit") is what the provision makes its
    condition ("after due notice", "unless he holds a … permit": ``conditioned_on``)."""
    return _condition_named(asked, question, provision) is not None


def _condition_named(asked: re.Pattern[str], question: str, provision: str) -> str | None:
    """The thing the question names (or, "without" it, leaves out: "just show up unannounced" is without notice) that
    the provision makes its condition; None when there is none."""
    template = str(_FORMS["conditioned_on"])
    words = [found.group(1).lower().rstrip("s") for found in asked.finditer(question)]
    if asked is _WITHOUT_ASKED:
        words += [thing for thing, said in _LEFT_OUT_UNNAMED.items() if said.search(question)]
    if asked is _GIVES_THING:  # "does he have to show ID?": the identification the entry waits for
        words += [thing for thing, said in _GIVEN_UNNAMED.items() if said.search(question)]
    return next((w for w in words if re.search(template.format(word=re.escape(w) + r"s?\b"), provision, re.IGNORECASE)), None)


def left_out_condition(question: str, provision: str) -> str | None:
    """The condition of the provision ("after due notice") a question leaves out ("he showed up with no warning, do I
    have to let him in?"): "notice"; None when it leaves none of them out."""
    return _condition_named(_WITHOUT_ASKED, question, provision)


_WITHOUT_ASKED = _pattern("without_asked")
_LEFT_OUT_UNNAMED = {str(k): re.compile(str(v), re.IGNORECASE) for k, v in _FORMS["left_out_unnamed"].items()}
_GIVEN_UNNAMED = {str(k): re.compile(str(v), re.IGNORECASE) for k, v in _FORMS["given_unnamed"].items()}


STATED_LIMITS: dict[str, dict[str, Any]] = {str(k): dict(v) for k, v in (_FORMS.get("stated_limits") or {}).items()}


def leaves_out(question: str) -> bool:
    """Whether a question leaves a thing out ("without notice", "just show up unannounced": ``without_asked``,
    ``left_out_unnamed``)."""
    return bool(_WITHOUT_ASKED.search(question)) or any(said.search(question) for said in _LEFT_OUT_UNNAMED.values())


def granted_only_with(question: str, provision: str) -> bool:
    """Whether a permission asked "without" something ("… come in without notice?") is granted by the provision only
    with it ("may enter … after due notice": ``conditioned_on``)."""
    return _conditioned_on(_WITHOUT_ASKED, question, provision)


def denies_asked_quality(question: str, provision: str) -> bool:
    """Whether an "is it …?" question asks a quality ("does the permit transfer?") the provision denies."""
    asking = story_and_question(question)[1]
    tagged = _CONFIRM_TAG.search(asking) is not None  # "permit just goes to the buyer right?"
    last = re.split(r"[,;:]\s*", asking)[-1]  # "and the part under the slope …, does that count as floor space?"
    return bool(_QUALITY_ASKED.match(asking) or _QUALITY_ASKED.match(last) or tagged) and _denies_quality(question, provision)


def _denies_quality(question: str, provision: str) -> bool:
    """Whether the provision denies the very quality an "is it …?" question asks ("transferable"): ``denies_quality``."""
    from knowledge.selector import STOPWORDS, stem

    asked = [
        w for w in _WORD.findall(story_and_question(question)[1].lower()) if len(w) >= QUALITY_MIN_LETTERS and w not in STOPWORDS
    ] + [quality for quality, said in _ASKED_QUALITIES.items() if said.search(question)]  # "does the license go w/ it?"
    asked += [stem(w) for w in asked if w.endswith(("ing", "ed")) and stem(w) != w]  # "a voting member": "shall not vote"
    template = str(_FORMS["denies_quality"])
    rule = _PROVISO.split(provision, 1)[0]  # not "provided that such screens shall not be required …"
    return any(re.search(template.format(word=re.escape(w)), rule, re.IGNORECASE) for w in asked)


QUALITY_MIN_LETTERS = 4  # a quality word ("transferable", "vote"), not "it" or "such"
_QUALITY_ASKED = _pattern("quality_asked")
# What a provision lets a party demand ("… may give the Building Inspector free access …, or require a warrant"): the thing.
_MAY_REQUIRE = re.compile(r"\bmay\b[^.;]{0,200}?\brequire (?:a |an |the )?([a-z]{4,})", re.IGNORECASE)
# a statement asked back for confirmation ("… goes to the buyer right?", "…, correct?")
_CONFIRM_TAG = re.compile(r"\b(?:right|correct|true|yes)\s*\?*\s*$", re.IGNORECASE)
_ASKED_QUALITIES = {str(k): re.compile(str(v), re.IGNORECASE) for k, v in _FORMS["asked_qualities"].items()}
_LATE_YES_NO = _pattern("late_yes_no")
_REQUIRES_PARTY_TO = _pattern("requires_party_to")
# "how does the code classify overcrowding?": whether it falls under a defined term, asked openly
ASKS_CLASSIFICATION = _pattern("asks_classification")
ASKER_COMPELS = ("can i", "can we", "could i", "could we", "may i", "may we", "i ", "we ")  # the asker compels, no officer

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
ASKS_RULE_EXISTS = _pattern("asks_rule_exists")
RULE_EXISTS_OPENING = "Yes, there is. "  # an answer's opening when the code sets the rule asked about


_IN_DEFINITIONS = _pattern("in_definitions")
_CODE_TITLE = _pattern("code_title")
POINTS_TO_A_THING = _pattern("points_to_a_thing")
TRAILING_CLAUSE = _pattern("trailing_clause")


# "we're", "they're", "you're": read as "we are" before apostrophes are dropped ("were" would open a yes/no question)
_ARE_CONTRACTED = re.compile(r"(?<=[a-z])['’]re\b", re.I)


def _clause_then_yes_no(text: str) -> bool:
    """A yes/no question after a clause that sets when or where ("Where an emergency exists …, may the inspector …?"),
    with no wh-word before that clause ("what window area is required when the only window is a skylight?")."""
    found = _CLAUSE_THEN_YES_NO.search(text)
    return found is not None and not set(_WORD.findall(text[found.start() : found.start("clause")].lower())) & WH_WORDS


_WHAT_COUNTS_AS = _pattern("what_counts_as")
WHO_COUNTS_AS = _pattern("who_counts_as")


_WHEN_IS = re.compile(r"\bwhen (?:is|are|does|do|will|would)\b", re.IGNORECASE)


def question_kind(text: str) -> str:
    """``who``, ``figure``, ``definition``, ``yes_no`` or ``open``: what form the answer should lead with."""
    text = _pattern("polite_request").sub("what is ", _pattern("polite_wh").sub("", _FILLER_OPENING.sub("", text) or text))  # "Could you advise on …?"
    if _opening_after_place(text) == "if":  # "holland - if the twn board upholds it … can i take it to court": read after the label
        text = text[_LEADING_LABEL.match(text).end() :]
    text = _ARE_CONTRACTED.sub(" are", text)  # "we're looking at …" opens with "we", not "were"
    text = _IN_DEFINITIONS.sub(" ", text)  # "Under the City of Amery definitions, how must …": where, not a definition asked
    text = _CODE_TITLE.sub("code", text)  # "Does the … Minimum Housing Code permit …": no figure asked
    lowered = " " + " ".join(_WORD.findall(text.lower().replace("'", ""))) + " "
    asking = story_and_question(text)[1]
    opens_yes_no = bool(YES_NO_STARTS & set(_WORD.findall(asking.lower().replace("'", ""))[:1]))  # "Does what the lease …"
    if SHIFTED_BY_AGREEMENT.search(asking) and re.search(r"(?:^|,\s*)(?:may|can|could|is|are|does|do)\b", asking, re.I):
        return "yes_no"  # "Under § 12.09, may the owner's responsibility … be transferred to an occupant?": not who
    if RELIEF.search(asking) and not WHO_START.search(asking) and (opens_yes_no or not asks_wh(asking)):
        return "yes_no"  # "lease says tenant is responsible for repairs. so its on them not me right": relieved or not
    if WHO_COUNTS_AS.search(asking):
        return "definition"  # "… on a land contract, who is treated as the owner …?": the term's definition
    if WHO_START.search(text) or WHO_WORDS.search(text) or WHO_START.search(re.split(r"[:;,\u2014\u2013]\s+", asking)[-1]):
        return "who"  # "Part of the roof caved in … Who can declare it unfit?", "Under the … code, who may remove …?"
    treated = any(f" {w} as " in lowered for w in ("treated", "regarded", "classified")) or bool(_WHAT_COUNTS_AS.search(text))
    considered = " considered " in _pattern("considered_done").sub(" ", lowered)
    if ("mean" in lowered or " defin" in lowered or " count as " in lowered or considered or treated) and (
        '"' in text or "“" in text or " what does " in lowered or " defin" in lowered or considered or treated
    ) and not ASKS_PERIOD.search(asking) and not _WHEN_IS.search(asking):  # ("within what period must … before the permit
        # is treated as revoked?", "… when is the permit treated as revoked?")
        return "definition"
    if opens_yes_no and _REQUIRES_PARTY_TO.search(asking):
        return "yes_no"  # "Does the code require landlords to inform tenants of the maximum number of occupants?"
    if opens_yes_no and _FIGURE_AS_CONTENT.search(asking):
        return "yes_no"  # "Must an owner inform occupants in writing of the maximum number …?": whether, not the number
    told = _STATED_FIGURE.sub(" ", _QUOTED.sub(" ", text.lower()))  # words quoted ("code says 'at least once each week' …") are told
    told = _REFERENCED_FIGURE.sub(" ", told) if opens_yes_no else told  # "May … where its required minimum window area …?"
    unstated = " " + " ".join(_WORD.findall(told.replace("'", ""))) + " "
    if any(f" {w} " in unstated for w in FIGURE_WORDS) and not _TELLS_FIGURE.search(asking):
        return "figure"
    first = lowered.split()[0] if lowered.split() else ""
    if _CONFIRM_TAG.search(asking) and not asks_wh(asking):
        return "yes_no"  # "… permit just goes to the buyer right?": a statement asked back for confirmation
    if _clause_then_yes_no(asking) or _clause_then_yes_no(text):
        return "yes_no"  # "once i fix everything can i just take it down myself", "Where an emergency exists …, may …?"
    if asks_wh(text) and not (opens_yes_no and asking != text and not asks_wh(asking)) or asking_opens_with(text, WH_WORDS):
        return "open"  # "what must …", "with what must …", "Under § 190-3, at what times must …" (not "… not where the stove is. Is that allowed?")
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
NOT_PREVENTED, _ASKS_PROHIBITED = _pattern("not_prevented"), _pattern("asks_prohibited")
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
        word = str(_FORMS["lacking_as"].get(word, word))  # "no lid": the code's "covers"
        root = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
        if re.search(rf"\b{re.escape(root)}", lowered):
            return True
    return False


_PARTIES = {side: _pattern(f"{side}_party") for side in ("owner", "occupant", "officer")}
_ASKS_PARTY_DUTY = _pattern("asks_party_duty")


def names_officer(text: str) -> bool:
    """Whether a text names an officer or a body ("the Building Inspector", "the Board"): ``officer_party``."""
    return _PARTIES["officer"].search(text) is not None


def _party(text: str) -> str | None:
    """The side ("owner", "occupant", "officer") of the first party a text names, or None."""
    found = [(m.start(), side) for side, pattern in _PARTIES.items() for m in [pattern.search(text)] if m]
    return min(found)[1] if found else None


_SUPPLIED = _pattern("supplied_by_owner")


def bound_side(provision: str) -> str | None:
    """The side ("owner", "occupant", "officer") a provision's first "shall" binds: the party named just before it
    ("The operator of every rooming house shall change …": owner), or the owner for a thing it says "shall be
    supplied" (each code's SUPPLIED: by the owner or operator); None for a prohibition ("No person shall …") or none."""
    shall = re.search(r"\bshall\b", provision, re.I)
    if shall is None or NEGATIONS.search(provision[: shall.end() + 4]):
        return None
    return _party_before(provision, shall) or ("owner" if _SUPPLIED.search(provision) else None)


def _party_before(provision: str, shall: re.Match[str]) -> str | None:
    """The side of the party named in the clause just before a provision's "shall" ("Every occupant … shall")."""
    return _party(re.split(r"[,;:]", provision[: shall.start()])[-1])


def binds_another_party(question: str, provision: str) -> bool:
    """Whether a yes/no question about one party's duty ("does my landlord have to give notice before coming in?")
    meets a provision whose "shall" binds another ("… the Building Inspector shall give notice to the City
    Attorney"): its "shall" is no "Yes" to the question."""
    asked = _ASKS_PARTY_DUTY.search(story_and_question(question)[1])
    side = _party(asked.group(1)) if asked else None
    shall = re.search(r"\bshall\b", provision, re.I)
    if side is None or shall is None:
        return False
    bound = _party_before(provision, shall)
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


_WAYS = _FORMS["alternative_ways"]
_WAYS_SPLIT = re.compile(str(_WAYS["split"]), re.IGNORECASE)
_WAYS_ONLY = re.compile(str(_WAYS["only"]), re.IGNORECASE)
_WAYS_ALLOWED = re.compile(str(_WAYS["allowed"]), re.IGNORECASE)


def one_of_the_ways(question: str, provision: str) -> str | None:
    """ "Yes" when a question asks whether one of the ways a provision lists is allowed ("can the inspector just tape the
    notice to my door?" met by "… or if a copy thereof is posted …"), "No" when it asks whether one way is the only one
    ("… validly served only if it is handed to the owner in person?"); None when the provision lists no such ways or the
    question names none of them (``alternative_ways``)."""
    ways = _WAYS_SPLIT.split(" ".join(provision.lower().split()))
    if len(ways) < 2:
        return None
    named = {
        str(way)
        for w, v in (_WAYS.get("ways") or {}).items()
        if re.search(rf"\b{re.escape(str(w))}\b", question.lower())
        for way in (v if isinstance(v, list) else [v])  # ("handed": "personally" in one text, "in person" in another)
    }
    listed = [w for w in named if any(re.search(rf"\b{re.escape(w)}\b", way) for way in ways)]
    if not listed:
        return None
    asking = story_and_question(question)[1]
    if _WAYS_ONLY.search(asking):
        return "No"
    return "Yes" if _WAYS_ALLOWED.search(asking) else None




def yes_no(question: str, provision: str) -> str | None:
    """ "Yes" or "No" when the question is yes/no and the provision's wording settles it, else None.

    Only plain cases: a question of permission ("can my landlord shut off the water?") met by a
    prohibition ("No owner … shall cause … to be shut off") is "No"; a question of obligation
    ("do I need a license?", "does the owner have to …") met by a "shall" duty is "Yes".
    """
    if question_kind(question) != "yes_no":
        return None
    # "do they have to give notice first or can they just show up": the first alternative asks
    question = SECOND_ALTERNATIVE.split(question, maxsplit=1)[0]
    negated = bool(NEGATIONS.search(provision))
    from knowledge.yes_no_forms import (  # noqa: PLC0415
        also_applies,
        also_without,
        alternative_verdict,
        beyond_reach,
        beyond_size,
        conflicts_with,
        either_suffices,
        grants,
        needs_another,
        precedence_verdict,
        voids_asked,
    )

    if (either := either_suffices(question, provision)) is not None:  # "a tub only no shower, is that ok": "… bathtub and/or shower"
        return either  # (before one thing alone; "only has a shower stall, no bathtub … does the landlord have to put one in?")
    if needs_another(question, provision):
        return "No"  # "is registered mail alone sufficient?" met by "… by registered mail … and a copy is posted …"
    if (prevailing := precedence_verdict(question, provision)) is not None:  # "Does the Town code govern …?": "… the UDC …"
        return prevailing
    # "holland 8 unit bldg, can the hall lights be on a switch?" is not met by "… not more than four …"; "… does my
    # petition still count?" is by "… as if no petition …"; "hallway light is on a switch … ok?" by "… may be supplied …"
    if beyond_reach(question, provision):
        return "No"  # "does the outlet requirement apply … 450 feet away?" met by "… not more than 300 feet away …"
    beyond = beyond_size(question, provision)
    alternative = None if beyond else "No" if voids_asked(question, provision) else alternative_verdict(question, provision)
    if alternative is not None or beyond:
        return alternative
    way = one_of_the_ways(question, provision)
    if way is not None:
        return way  # "can the inspector just tape the notice to my door?" met by "… or if a copy … is posted …"
    if not negated and also_without(question, provision) and grants(provision):
        return "Yes"  # "any circumstance in which he may dispense with notice and hearing?": "he may, without notice or hearing, …"
    applies = also_applies(question, provision)
    if applies is not None:
        return applies  # "do the rooming house rules apply to a small hotel too?" met by "… shall also apply to hotels"
    if RELIEF.search(question) and NOT_RELIEVED.search(provision):
        return "No"  # "does the lease let my landlord off the hook?" met by "… shall not relieve any party …"
    if _DENIED_DESPITE.search(question) and NOT_RELIEVED.search(provision):
        return "No"  # "i had a permit so they cant fine me right?" met by "… shall not constitute a defense"
    if _STILL_DESPITE.search(question) and NOT_RELIEVED.search(provision):
        return "Yes"  # "i had a permit so can dresser still fine me?" met by "… shall not constitute a defense"
    if SHIFTED_BY_AGREEMENT.search(question) and _ASSUMED_BY_AGREEMENT.search(provision):
        return "Yes"  # "may the owner's responsibility … be transferred to an occupant?": "… assumed … by agreement"
    if _REFUSES_OFFICER.search(story_and_question(question)[1]) and _GRANTS_ENTRY.search(provision) and not _CHOICE_GIVEN.search(provision):
        return "No"  # "inspector wants to inspect my rentals next wk. can i say no?" met by "… is hereby authorized …"
    asked = story_and_question(question)[1]  # (or the claim a bare "is that true?" asks back: "… we can make him …")
    compels, required = COMPELS.search(question if _CONFIRM_TAG.search(asked) else asked), _MAY_REQUIRE.search(provision)
    if compels and required and not negated and re.search(rf"\b{re.escape(required.group(1))}", question, re.I):
        return "Yes"  # "can i make him get a warrant first?" met by "… the owner, occupant … may … require a warrant"
    if compels:
        # "no screens on our windows … can I make the landlord put them in?": whether the landlord must; "can he make
        # me?" is met by what he "may require" too
        by_officer = not compels.group(0).lower().startswith(ASKER_COMPELS)
        may_answers = compels.group(0).endswith(("me", "us")) or (by_officer and names_officer(provision))
        binding = r"\b(shall|must|required|may)\b" if may_answers else r"\b(shall|must|required)\b"
        affirmed = re.search(binding, provision, re.I) and not negated
        return "Yes" if affirmed and not binds_another_party(question, provision) else None
    # (but "only one light switch, at the bottom … Does the landlord have to fix that?" asks the duty: below, "Yes")
    if lacks_required(question, provision) or (_only_one_of_both(question, provision) and not OBLIGATION.search(story_and_question(question)[1])):
        return "No"  # what the question says is missing, the provision requires ("only a switch at the bottom": "both …")
    if conflicts_with(question, provision):
        return "No"  # "can the bathroom be a curtained-off corner of the bedroom?": "separate from the habitable rooms"
    if _REQUIRES_PARTY_TO.search(asked):  # "… require landlords to inform tenants of the
        # maximum permitted number …?" asks a duty, whatever words of permission it holds
        affirmed = re.search(r"\b(shall|must|required)\b", provision, re.I) and not negated
        affirmed = affirmed or (negated and REQUIRED_CONDITION.search(provision))  # "No owner shall … let … unless it is clean"
        return "Yes" if affirmed and not binds_another_party(question, provision) else None
    prevents = _ASKS_PROHIBITED.search(asked)  # "does the code prevent the Health Officer from ordering …?": "No"
    if NOT_PREVENTED.search(provision) and (PERMISSION.search(question) or prevents):
        return "No" if prevents else "Yes"  # "shall not be construed to prevent …": it is allowed
    if PERMISSION.search(question):
        if not negated and granted_only_with(question, provision):
            return "No"  # "can the inspector come in without notice?" met by "may enter … after due notice"
        if denies_asked_quality(question, provision):
            return "No"  # "can the sellers license just transfer to me?" met by "… are nontransferable …"
        if not negated and AUTHORITY_ASKS.search(question) and names_officer(provision) and re.search(r"\bshall\b", provision, re.I):
            return "Yes"  # "can the town condemn it?" met by "… shall be condemned … by the Building Inspector"
        return "No" if negated else ("Yes" if grants(provision) else None)  # (not "as the facts may warrant")
    if denies_asked_quality(question, provision):
        return "No"  # "Is such a permit transferable?" met by "No such permit shall be transferable."
    if (
        OBLIGATION.search(question)
        or YES_NO_HINTS.search(question)
        or re.match(r"^\s*(do|does|is|are)\b", question, re.I)
        or re.match(r"^\s*(do|does|is|are)\b", story_and_question(question)[1], re.I)
        or _opening_after_place(question) in ("do", "does", "is", "are")  # "dresser rooming house - do i get shades …"
    ):
        if _ASKER_OBLIGED.search(question) and not negated and grants(provision) and left_out_condition(question, provision):
            return "No"  # "he wouldn't show me any ID. do i have to let him in?" met by "upon showing proper identification … authorized to enter"
        if OBLIGATION.search(question) and _permitted_only_after(question, provision):
            return "Yes"  # "must the inspector give notice before entering?" met by "may enter … after due notice"
        if OBLIGATION.search(question) and _ASKER_OBLIGED.search(question) and _CHOICE_GIVEN.search(provision):
            return "No"  # "do i have to let him in?" met by "… may give … free access …, or require a warrant"
        denied, but = _but_shall(provision)
        if but and NEGATIONS.search(denied) and not NEGATIONS.search(but) and OBLIGATION.search(question):
            # "… shall not be construed to be the owner …, but shall be bound to notify the owner" asked "do i have to
            # tell the owner?": the duty after "but"
            return None if binds_another_party(question, but) else "Yes"
        if _ASKS_ALLOWED.search(question) and NEGATIONS.search(_PROVISO.split(provision, 1)[0]):
            return "No"  # "Does the … Code allow a skylight to take the place of a required window …?": "No skylight shall …"
        if NEGATIONS.search(_PROVISO.split(provision, 1)[0]):
            # "shall not rent … without having been issued a license": the license is required
            # ("No person shall operate a rooming house unless he holds a permit": the permit is required)
            # (not "does a basement count as a habitable room?" met by "No basement space shall be used as a habitable
            # room … unless:": no requirement was asked about)
            required = REQUIRED_CONDITION.search(provision) and OBLIGATION.search(question)
            return "Yes" if required or _ASKS_PROHIBITED.search(asked) else None  # "does … prohibit …?"
        if binds_another_party(question, provision):
            return None
        if _ASKED_QUALITIES.get("transfer") is not None and _ASKED_QUALITIES["transfer"].search(question) and not OBLIGATION.search(question):
            return None  # "does the permit go w the sale?" is not met by "… shall give notice … after having sold"
        return "Yes" if re.search(r"\b(shall|must|required)\b", provision, re.I) else None
    return None


SECOND_ALTERNATIVE, SECOND_QUESTION = _pattern("second_alternative"), _pattern("second_question")
ASKS_FOR_MORE = _pattern("asks_for_more")


_BOTH = _pattern("both_required")  # "… light switches … at both the top and bottom of all stairways"
_ONLY_ONE = _pattern("only_one")


def _only_one_of_both(question: str, provision: str) -> bool:
    """Whether a question says there is only one of the two things a provision requires both of ("there's only a light
    switch at the bottom … is one switch enough?" met by "… at both the top and bottom of all stairways")."""
    both = _BOTH.search(provision)
    lowered = question.lower()
    if both is None or not _ONLY_ONE.search(lowered):
        return False
    named = [w for w in both.groups() if re.search(rf"\b{re.escape(w.lower())}s?\b", lowered)]
    return len(named) == 1


def _but_shall(provision: str) -> tuple[str, str]:
    """(what comes before, what comes after) a provision's "but shall" ("… shall not be construed to be the owner …, but
    shall be bound to notify the owner …"); (provision, "") without one."""
    parts = re.split(r"\bbut\s+(?=shall\b)", provision, maxsplit=1)
    return (parts[0], parts[1]) if len(parts) == 2 else (provision, "")


# a word or phrase in quotes ('owner', "multiple dwelling", “Board”), not an apostrophe ("Muskego's"); its sentence's
# period or comma may sit inside the quotes ("refer to 'Board.' Which board …")
_QUOTED = re.compile(r"""(?:^|(?<=[\s(\[]))['"“‘]([A-Za-z][A-Za-z \-]{0,38}[A-Za-z])[.,?!]?['"”’](?=[\s?.,!;:)]|$)""")


def quoted_words(text: str) -> list[str]:
    """The words a message puts in quotes, lower-cased ("is my duplex a 'multiple dwelling'?" → ["multiple dwelling"])."""
    return [" ".join(re.findall(r"[a-z0-9]+", q.lower())) for q in _QUOTED.findall(str(text or ""))]


# '… "working fine." What is …' too; not after a chapter's or section's abbreviation ("Muskego's code, ch. 205?")
_SENTENCE_BREAK = re.compile(
    r"(?:(?<=[.!?])|(?<=[.!?][\"”')\]]))(?<![\s(][Cc]h\.)(?<![\s(][Ss]ec\.)(?<![\s(][Cc]hap\.)(?<![\s(]ss\.)\s+"
)


# A clause told before a comma and a question opened after it, in one sentence: the clause is story too.
STORY_CLAUSE_MIN_WORDS = 4
_TOLD_THEN_ASKED = _pattern("told_then_asked")


_COURTESY = _pattern("courtesy")


def story_and_question(text: str) -> tuple[str, str]:
    """A message cut into its story and the sentence that asks: the last sentence with a question mark (else
    the last sentence). "landlord wants to fix the window tomorrow. do i have to let him in? (town of howard)"
    → ("landlord wants to fix the window tomorrow. (town of howard)", "do i have to let him in?")."""
    pieces = [p for p in _SENTENCE_BREAK.split(text.strip()) if p.strip()]
    while len(pieces) > 1 and _COURTESY.match(pieces[-1]):  # "… and how many members must concur? Could you advise?"
        pieces, text = pieces[:-1], " ".join(pieces[:-1])
    asking = max((i for i, p in enumerate(pieces) if "?" in p), default=len(pieces) - 1)
    story, sentence = " ".join(pieces[:asking] + pieces[asking + 1 :]), pieces[asking] if pieces else ""
    told = _TOLD_THEN_ASKED.match(sentence) or _TOLD_THEN_PERIOD.match(sentence)  # "got a violation notice from the inspector, how long do i have to appeal it"
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


# The sentence that asks must have this many words to be ranked on its own ("is that allowed?" says too little).
ASKING_MIN_WORDS = 6
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
ASKS_PERIOD = _pattern("asks_period")
STATES_PERIOD = _pattern("states_period")
REFERS_ELSEWHERE = _pattern("refers_elsewhere")
WHAT_HAPPENS_IF = _pattern("what_happens_if")
WHAT_IF_INSTEAD = _pattern("what_if_instead")


def asked_unit(question: str) -> str | None:
    """The unit a question asks a figure in ("within how many days must …?" → "days", "how many people …" → "persons")."""
    match = _ASKED_UNIT.search(str(question or ""))
    return (match.group(1) or "persons").lower() if match else None


_COUNT_WORDS = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|sixty|ninety"


def _states_in_unit(text: str, unit: str) -> bool:
    """Whether a sentence states a figure in ``unit`` ("within 10 days", "thirty days")."""
    return re.search(rf"\b(?:{_COUNT_WORDS})\s*(?:\(\d+\)\s*)?{unit[:-1]}s?\b", text, re.I) is not None


PERIOD_ACT = _pattern("period_act")
_TOLD_THEN_PERIOD = _pattern("told_then_period")


_ASKS_WHAT_FOLLOWS = _pattern("asks_what_follows")
_FOLLOWS_IF = _pattern("follows_if")
_FOLLOWS_WORDS = _pattern("follows_words")
_FOLLOWS_REPORTED = _pattern("follows_reported")
_FOLLOWS_CLAUSE_BREAK = _pattern("follows_clause_break")
FOLLOWS_WEIGHT = float(_FORMS["follows_weight"])


def what_happened(text: str) -> str:
    """What a question asking what follows is about, as its lower-case words: the last clause of the story's last
    sentence before a bare "What happens now?", or of the clause after "if" in "… what if they just dont leave" (""
    for any other question)."""
    story, asking = story_and_question(text)
    if story and _ASKS_WHAT_FOLLOWS.match(asking):
        told = [p for p in _SENTENCE_BREAK.split(story.strip()) if p.strip()]
        return _last_clause(told[-1]) if told else ""
    found = _FOLLOWS_IF.search(asking) if _FOLLOWS_WORDS.search(asking) else None
    return _last_clause(found.group(1)) if found else ""


def _last_clause(text: str) -> str:
    """The last clause of at least three words of what a story tells, as its lower-case words ("… on our building, but
    I heard he didn't even show up" → "but i heard he didnt even show up"; "… unreasonable to repair and the owner
    refuses to raze it" → "the owner refuses to raze it")."""
    clauses = [c for c in _FOLLOWS_CLAUSE_BREAK.split(text) if len(c.split()) >= 3]
    return " ".join(re.findall(r"[a-z0-9]+", clauses[-1].lower().replace("'", ""))) if clauses else ""


def weigh_what_happened(happened: str, words: Sequence[str], weights: Sequence[float]) -> list[float]:
    """The weights of a question's concepts (by their ``words``), those of what :func:`what_happened` found
    (``happened``) ``FOLLOWS_WEIGHT`` times their own ("… but he didn't even show up. What happens now?": the failure
    to appear weighs most)."""
    event = f" {_FOLLOWS_REPORTED.sub(' ', happened)} "
    return [w * FOLLOWS_WEIGHT if event.strip() and f" {c} " in event else w for c, w in zip(words, weights)]
