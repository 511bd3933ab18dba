"""A plain "Yes", "No" or "Yes, but only if its conditions are met" for a yes/no question, from the wording of the provision
that answers it (:func:`_verdict`), when the provision matches the question well enough."""

from __future__ import annotations

import re
from typing import Any

from knowledge import question_form, selector
from knowledge.facts import load as load_fact_vocabulary
from knowledge.facts import proposed_side, repairs_excepted
from knowledge.parsing.numbers import words_to_digits
from knowledge.yes_no_forms import (
    ACT_TOLD,
    COUNTS_ON,
    conflicts_with,
    denies_act_asked,
    entailed,
    included_asked,
    opens_yes_no,
    precedence_verdict,
    voids_asked,
)

# Say yes or no only when the provision matches most of the question's concepts: "No" to a
# permission met by a prohibition, "Yes" (the riskier reading) to an obligation met by a duty.
YES_NO_MIN_LEXICAL = {"No": 0.5, "Yes": 0.5}
# ... except a "Yes" to a question of need ("do they have to give us hot water?", "does the code make him fix it?", not
# "can he just show up?") met by a duty the provision states ("shall be supplied with hot water at all times"): a long
# story told before the question matches less of it. Set from the dev sets: 0.35 gained 13 of their questions over
# 0.5 and lost none (a "Yes" to permissions too at 0.35 gained 16 and lost 3).
REQUIRED_YES_MIN_LEXICAL = 0.35
# A provision of the topic must match at least this share of the question to be given as the answer (and a "No"
# because the question says missing what the provision requires needs no more: the thing missing is named in both).
ANSWER_MIN_LEXICAL = 0.3
# ... and a "No" because the provision denies the very quality asked, though in other words ("goes to the buyer":
# "not transferable"), needs less.
QUALITY_MIN_LEXICAL = 0.2
# ... and a "No" because the provision says the thing counted on does not relieve, as much as finds it (elsewhere.py's
# RELIEF_MIN_LEXICAL): such provisions are few, and name the penalty only by its place ("In any such action").
RELIEF_VERDICT_MIN_LEXICAL = 0.15
_SUMMONS_OFFICER = re.compile(question_form._FORMS["summons_officer"], re.IGNORECASE)
_REQUIRED_WITHOUT_THROUGH = re.compile(question_form._FORMS["required_without_through"], re.IGNORECASE)
_ASKED_THROUGH = re.compile(question_form._FORMS["asked_through"], re.IGNORECASE)
_DISCLAIMED = re.compile(question_form._FORMS["disclaimed_claim"], re.IGNORECASE)
_DISMISSED = re.compile(question_form._FORMS["dismissed_claim"], re.IGNORECASE)
_FINE_CLAIM = re.compile(question_form._FORMS["fine_claim"], re.IGNORECASE)
_FINE_OTHER_WAY = re.compile(question_form._FORMS["fine_other_way"], re.IGNORECASE)
_ASKS_VIOLATION = re.compile(question_form._FORMS["asks_violation"], re.IGNORECASE)  # (as knowledge/compose/lists.py reads it)
_UNREASONABLE_HOUR = re.compile(question_form._FORMS["unreasonable_hour"], re.IGNORECASE)
_REASONABLE_HOUR = re.compile(question_form._FORMS["reasonable_hour"], re.IGNORECASE)
_CONFIRMED_BACK = re.compile(question_form._FORMS["confirmed_back"], re.IGNORECASE)


def _verdict(question: str, provision: str, lexical: float, conditional: bool = True) -> str | None:
    """ "Yes", "No" or CONDITIONAL (a permission forbidden "unless" its conditions are met; not when ``conditional``
    is False: the question describes the condition that fails) when the provision settles a yes/no question that it
    matches well enough; None otherwise."""
    if _REQUIRED_WITHOUT_THROUGH.search(provision) and _ASKED_THROUGH.search(question) and question_form.PERMISSION.search(question):
        return "No" if lexical >= QUALITY_MIN_LEXICAL else None  # "ok if unit B only gets to a bathroom thru unit A bdrm?"
    if _UNREASONABLE_HOUR.search(question) and _REASONABLE_HOUR.search(provision):  # "… show up at 2 in the morning?"
        asked = question_form.story_and_question(question)[1]
        return ("Yes" if _ASKS_VIOLATION.search(asked) else "No") if lexical >= QUALITY_MIN_LEXICAL else None  # ("… a violation?")
    if entailed(question, provision):  # "… permit got suspended. Do we all have to leave?": "… no person shall occupy …"
        return "Yes" if lexical >= QUALITY_MIN_LEXICAL else None
    if voids_asked(question, provision):  # "… does my appeal still count?": "… as if no petition were filed"
        return "No" if lexical >= QUALITY_MIN_LEXICAL else None
    prevailing = precedence_verdict(question, provision)
    if prevailing is not None:  # "does the less restrictive standard apply?": the kinds of law named in both settle it
        return prevailing if lexical >= QUALITY_MIN_LEXICAL else None
    verdict = selector.yes_no(question, provision)
    if verdict is None and question_form.question_kind(question) == "yes_no" and denies_act_asked(question, provision):
        verdict = "No"  # "does the building inspector get a vote??" met by "… but shall not vote."
    if verdict in (None, "Yes") and included_asked(question, provision):
        return "Yes" if lexical >= QUALITY_MIN_LEXICAL else None  # "are the operator's family included?": "including members of …"
    if (
        verdict == "No"
        and question_form.AUTHORITY_ASKS.search(question)
        and (not question_form.names_officer(provision) or question_form.THING_PROHIBITED.search(provision))
    ):
        # "can the city condemn my building?" is not answered by "No person shall occupy …", nor by "No building …
        # placarded … shall again be used … until … the placard is removed by the Building Inspector"
        return None
    if verdict == "No" and (
        question_form.lacks_required(question, provision)
        or question_form.granted_only_with(question, provision)
        or conflicts_with(question, provision)
    ):
        return verdict if lexical >= ANSWER_MIN_LEXICAL else None  # the thing missing is named in both
    if question_form.NOT_RELIEVED.search(provision) and verdict in ("No", "Yes") and COUNTS_ON.search(question):
        # "lease says tenant handles all bug control. does that get me off the hook …?" met by "… shall not relieve any
        # party …": the words that deny the relief are named in both ("… so they cant cite me for code stuff now right":
        # "… the fact that a permit was issued shall not constitute a defense" names only the permit)
        return verdict if lexical >= RELIEF_VERDICT_MIN_LEXICAL else None
    if verdict is not None and question_form.one_of_the_ways(question, provision) == verdict:
        # "is a notice validly served only if it is handed to the owner in person?" met by "… served upon him personally,
        # or if … sent by registered mail …, or if … posted …": the ways are named in both
        return verdict if lexical >= QUALITY_MIN_LEXICAL else None
    if verdict == "No" and question_form.denies_asked_quality(question, provision):
        # "does the new owner get my permit?", "permit just goes to the buyer right?": "No such permit shall be transferable"
        return verdict if lexical >= QUALITY_MIN_LEXICAL else None
    if (
        conditional
        and verdict == "No"
        and question_form.PERMISSION.search(question)
        and _UNLESS.search(provision)
        and not question_form.granted_only_with(question, provision)  # "… without a permit?" met by "unless … permit"
    ):
        # "can i rent out my basement as a bedroom?" met by "No basement space shall be used … unless:": it may, on
        # the conditions the provision sets
        verdict = CONDITIONAL
    elif conditional and verdict is None and question_form.question_kind(question) == "yes_no":
        # "does a basement count as a habitable room?" met by "No basement space shall be used as a habitable room
        # … unless:": it does, on the conditions the provision sets
        verdict = CONDITIONAL if question_form.NEGATIONS.search(provision) and _UNLESS.search(provision) else None
    summoned = _SUMMONS_OFFICER.search(question) is not None and re.search(r"\binspect\b", provision, re.I) is not None  # "can i call the inspector to come look?"
    if verdict is None and (_will_authority_act(question, provision) or _told_authority_act(question, provision) or summoned) and not question_form.NEGATIONS.search(provision):
        verdict = "Yes"  # "if i complain … will they actually come inspect?": "… the Building Inspector may inspect …"
    if verdict == "Yes" and _DISCLAIMED.search(question):
        return None  # "landlord says not his problem. is he right?" met by "… shall be effectively screened": whose, unsaid
    dismissed = _DISMISSED.search(question) or (_FINE_CLAIM.search(question) and not _FINE_OTHER_WAY.search(provision))
    if verdict == "Yes" and dismissed and _CONFIRMED_BACK.search(question_form.story_and_question(question)[1]) and re.search(r"\b(?:shall|must|required)\b", provision, re.I):
        verdict = "No"  # "The landlord says gutters are just cosmetic. Are they?" met by "All rainwater shall be so drained …"
    floor = YES_NO_MIN_LEXICAL["No" if verdict == CONDITIONAL else verdict] if verdict else 1.0
    if verdict == "No" and question_form.PERMISSION.search(asked := question_form.story_and_question(question)[1]) and ACT_TOLD.search(asked):
        floor = ANSWER_MIN_LEXICAL  # "… turned off our heat … can he just do that?": the act is the story's, and forbidden
    if verdict == "Yes" and _states_duty(question, provision):
        floor = REQUIRED_YES_MIN_LEXICAL
    if verdict == "Yes" and (_authority_act_named(question, provision) or _officer_may_require(question, provision) or summoned):
        floor = QUALITY_MIN_LEXICAL  # "… no working bathroom … can the town condemn it?": "… shall be condemned … by the Building Inspector"
    return verdict if verdict and lexical >= floor else None


def _authority_act_named(question: str, provision: str) -> bool:
    """Whether a question asks whether an authority may do an act ("can the town condemn it?") and the provision has
    an officer do that very act ("… shall be condemned as unfit … by the Building Inspector")."""
    asked = question_form.AUTHORITY_ASKS.search(question_form.story_and_question(question)[1])
    if asked is None or not question_form.names_officer(provision):
        return _told_authority_act(question, provision)
    act = selector.stem(asked.group(0).split()[-1].lower())
    return len(act) >= 4 and act in {selector.stem(w) for w in selector.tokens(provision)}


def _told_authority_act(question: str, provision: str) -> bool:
    """Whether the sentence that asks only asks leave for what the story says an officer will do ("inspector says he
    might placard my rooming house … can he actually do that") and the provision has the officer do that act."""
    story, asking = question_form.story_and_question(question)
    if not question_form.names_officer(provision) or not ACT_TOLD.search(asking) or not question_form.PERMISSION.search(asking):
        return False
    told = _OFFICER_THEN.search(story)
    provided = {selector.stem(w) for w in selector.tokens(provision)}
    return told is not None and any(len(a) >= 5 and a in provided for a in map(selector.stem, told.group(1).lower().split()))


# the words an officer is told to do after his title ("inspector says he might placard my rooming house")
_OFFICER_THEN = re.compile(r"\b(?:inspector|health officer|officer|the city|the town|the village)\b((?:\W+[a-z']+){1,6})", re.I)


def _officer_may_require(question: str, provision: str) -> bool:
    """Whether a question asks whether an authority can make someone do a thing ("… no railing at all … Can the town make
    him put one in?") and the provision has the officer require it ("The Building Inspector may require a handrail …")."""
    compels = question_form.COMPELS.search(question_form.story_and_question(question)[1])
    by_officer = compels is not None and not compels.group(0).lower().startswith(question_form.ASKER_COMPELS)
    return by_officer and question_form.names_officer(provision.lower()) and re.search(r"\bmay require\b", provision, re.I) is not None


def _will_authority_act(question: str, provision: str) -> bool:
    """Whether a yes/no question asks whether an authority will do an act ("… will they actually come inspect?") that
    the provision has its officer do."""
    asked = question_form.AUTHORITY_ASKS.search(question_form.story_and_question(question)[1])
    return (
        asked is not None
        and asked.group(0).lower().startswith(("will ", "would "))
        and question_form.question_kind(question) == "yes_no"
        and _authority_act_named(question, provision)
    )


_NEEDS_THING = re.compile(question_form._FORMS["needs_thing"], re.IGNORECASE)


_CREDENTIALS = frozenset(question_form._FORMS.get("credential_words") or ())


def names_needed(question: str, provision: str) -> bool:
    """Whether the provision names a permit or the like when a question of need asks for one ("do i need a … permit?");
    True for any other question."""
    found = _NEEDS_THING.search(question_form.story_and_question(question)[1])
    if found is None or found.group(1).split()[-1].lower() not in _CREDENTIALS:
        return True
    return bool(_CREDENTIALS & set(re.findall(r"[a-z]+", provision.lower())))


def side_verdict(kb: Any, question: str, provision: str) -> str | None:
    """ "Yes" or "No" when a yes/no question proposes who carries a duty ("owner says thats on me. is it?", "doesnt she
    have to let us in?", "isnt it their job to put those up?") and the provision binds one side ("The operator … shall
    change …", "… shall be supplied with …"): "Yes" when it is the side proposed, "No" when it is the other."""
    if question_form.question_kind(question) != "yes_no" or entailed(question, provision):
        return None  # (not "… Do we have to leave?" met by "… the operator shall … cease … and no person shall occupy …")
    vocabulary = kb.fact_vocabulary()
    side = proposed_side(question, vocabulary)
    bound = question_form.bound_side(provision)
    if side is None or bound not in ("owner", "occupant"):
        return None
    return "Yes" if vocabulary.sides.get(bound) == side else "No"


def _states_duty(question: str, provision: str) -> bool:
    """Whether a yes/no question asks what is needed (not what is allowed) and the provision states a duty."""
    asking = question_form.story_and_question(question)[1]
    compels = question_form.COMPELS.search(asking)  # "… can the town make the landlord put one in?": need, asked of an officer
    duty = r"\b(?:shall|must|required|may require)\b" if compels else r"\b(?:shall|must|required)\b"
    return (
        (not question_form.PERMISSION.search(asking) or bool(compels))  # "does the code actually make him fix it?" too
        and bool(re.search(duty, provision, re.I))
        and not question_form.NEGATIONS.search(provision)
    )


# A provision's own requirement or permission ("shall", "must", "may"), not a reference ("as required in § 190-7A").
_BINDS = re.compile(r"\b(?:shall|must|may)\b", re.I)
# A permission the provision forbids "unless" its conditions are met: neither a plain yes nor a plain no.
CONDITIONAL = "Yes, but only if its conditions are met"
_UNLESS = re.compile(r"\b(?:unless|except in compliance)\b", re.I)


def excepted_verdict(question: str, provision: str) -> str:
    """CONDITIONAL for a permission a prohibition excepts ("can landlord shut water off to fix a pipe?": "… except for
    such temporary interruption as may be necessary while actual repairs … are in process"); "No" when the question
    tells that nothing is being done ("off 'for repairs' two weeks ago and nobody's done anything")."""
    prohibitions = (load_fact_vocabulary().get("prohibitions") or {}).values()
    stalled = any(repairs_excepted(question, provision, (p or {}).get("excepted")) == "stalled" for p in prohibitions)
    return "No" if stalled else CONDITIONAL


# The fewest words of rule before an exception for it to be an exception to that rule.
EXCEPTION_MIN_RULE_WORDS = 5
# Where a provision's exception begins ("… shut off … by him, except for such temporary interruption as …").
_EXCEPT = re.compile(r"\bexcept(?: for| that| where| when| as)?\b", re.IGNORECASE)


def names_exception(kb: Any, question: str, provision: str, lacking: bool = False) -> bool:
    """Whether a question names something only a provision's exception covers ("can landlord shut water off to fix a
    pipe?" met by "No owner … shall cause any … utility … to be … shut off …, except for such temporary interruption as
    may be necessary while actual repairs … are in process"): then the prohibition is no plain "No". With ``lacking``,
    whether it names that thing as missing ("… no window and no working fan up to code?" met by "… except where there
    is supplied some mechanical device …"): then the exception does not apply."""
    found = _EXCEPT.search(provision)
    if found is None or len(provision[: found.start()].split()) < EXCEPTION_MIN_RULE_WORDS:
        return False  # no exception, or no rule before it to be excepted from
    if lacking:  # (not a thing the exception itself does without: "… except that no window … shall be required …")
        rest = provision[found.end() :].lower()
        said = [w for w in question_form._LACKING.findall(question.lower()) if not re.search(rf"\bno (?:\w+ )?{re.escape(w)}", rest)]
        return bool(said) and names_exception(kb, " ".join(said), provision)
    main = {selector.stem(w) for w in selector.tokens(provision[: found.start()])}
    exception = {selector.stem(w) for w in selector.tokens(provision[found.end() :])}
    unasked = selector.unasked_words(kb)
    parties = kb.fact_vocabulary().party_words
    for concept in selector.concepts(question, kb.concept_phrases()):
        if concept.words in unasked or any(p.search(concept.words) for p in parties):
            continue  # a party ("landlord" -> operator) is who acts, not the circumstance the exception allows
        alternatives = [set(a) for a in concept.alternatives if a]
        if any(a <= exception for a in alternatives) and not any(a <= main for a in alternatives):
            return True
    return False


def asks_exception(question: str, provision: str) -> bool:
    """Whether a question asks when a prohibited thing is allowed ("when may a required utility be discontinued?")
    and the provision's whole sentence has an exception after its rule: then the exception is shown."""
    return bool(question_form.ASKS_WHEN_ALLOWED.search(question)) and excepts(provision)


def excepts(provision: str) -> bool:
    """Whether a provision forbids something with an exception after its rule ("No owner … shall cause any … utility
    … to be … shut off …, except for such temporary emergencies when …")."""
    found = _EXCEPT.search(provision)
    if found is None or len(provision[: found.start()].split()) < EXCEPTION_MIN_RULE_WORDS:
        return False
    return bool(question_form.NEGATIONS.search(provision))


def whole_sentence(section_text: str, quote: str) -> str:
    """The sentence of a section that a quote (a rule's, often cut short) begins, to its end: "No owner … shut off …
    by him" → "No owner … by him, except for such temporary interruption …"; the quote when it is not found."""
    flat, head = " ".join(section_text.split()), " ".join(quote.split())[:60]
    start = flat.find(head)
    if start < 0:
        return quote
    end = re.search(r"[.;](?=\s+[A-Z(]|\s*$)", flat[start + len(head) :])
    return flat[start : start + len(head) + end.end()] if end else flat[start:]


# A standard that leaves out what falls short of its figure ("Floor area under a ceiling lower than this is not counted",
# "A window facing a structure closer than this does not count toward the window area").
_LEFT_OUT_BELOW = re.compile(r"\b(?:lower|closer|less) than this\b.*\b(?:not (?:be )?counted|does not count)\b", re.I)
_ASKS_COUNTED = re.compile(r"\b(?:count|counts|counted|counting|included?|includes|considered)\b", re.I)
_FEET_STATED = re.compile(
    r"\b(?:(?P<short>under|below|less than|lower than|closer than|not even)\s+)?(?P<n>\d+(?:\.\d+)?)\s*(?:feet|foot|ft\b|')", re.I
)


def left_out_verdict(description: str, value: float | None, question: str) -> str | None:
    """ "No" when a yes/no question asks whether something counts ("does the part where its under 5 feet count toward
    how big the room is?", "the wall next door is about 2 feet from it … the landlord says the window still counts.
    Does it?") and states a figure in feet on the side a standard of feet leaves out; None otherwise."""
    if not value or not _LEFT_OUT_BELOW.search(description) or not _ASKS_COUNTED.search(question):
        return None
    if not opens_yes_no(question):
        return None  # ("does the part … count toward how big the room is?" opens as a yes/no question)
    # ("… which is like two feet away …": the figure in words too)
    stated = [(float(m.group("n")), bool(m.group("short"))) for m in _FEET_STATED.finditer(words_to_digits(question))]
    if not stated:
        return None
    return "No" if all(n < value or (short and n <= value) for n, short in stated) else None


def shifted_by_agreement(kb: Any, municipality: str, question: str, section: Any, provision: str) -> bool:
    """Whether a question asks if a duty may be put on the other side by agreement ("can i put in the lease that the tnt
    handles all pest control?") and the provision, or the sentence its item belongs to, lets the duty be "assumed … by
    agreement" (Howard's "(2) Extermination …" under "… except where such responsibility is assumed … by agreement.")."""
    if section is None or not question_form.SHIFTED_BY_AGREEMENT.search(question):
        return False
    parent = kb.section(municipality, section.parent) if section.parent else None
    return bool(question_form._ASSUMED_BY_AGREEMENT.search(f"{provision} {parent.text if parent else ''}"))
