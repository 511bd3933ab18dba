"""Yes or no from how a provision is worded, beyond ``question_form.yes_no``'s plain cases: a standard the code lets
be met another way ("… may be supplied with … light switches … instead of full-time lighting") or keeps constant
("… shall be lighted … at all times"), a building larger than a provision's own, a thing the provision voids ("… the
same effect as if no petition were filed"). The words are data (``alternative_permitted``, ``constancy``,
``drops_constancy``, ``at_most_units``, ``told_units``, ``still_counts``, ``as_if_not`` in
``knowledge/question_forms.yml``)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from knowledge.parsing.numbers import words_to_digits
from knowledge.question_form import (
    _ASSUMED_BY_AGREEMENT,
    _FORMS,
    _LEADING_LABEL,
    _WITHOUT_ASKED,
    ASKS_FOR_RULE,
    COMPELS,
    NEGATIONS,
    OBLIGATION,
    PERMISSION,
    SECOND_ALTERNATIVE,
    SECOND_QUESTION,
    SHIFTED_BY_AGREEMENT,
    WH_WORDS,
    YES_NO_STARTS,
    _pattern,
    question_kind,
    story_and_question,
)

ALTERNATIVE_PERMITTED = _pattern("alternative_permitted")
CONSTANCY = _pattern("constancy")
DROPS_CONSTANCY = _pattern("drops_constancy")
_AT_MOST_UNITS = _pattern("at_most_units")
_TOLD_UNITS = _pattern("told_units")
_AT_MOST_DISTANCE = _pattern("at_most_distance")
_TOLD_DISTANCE = _pattern("told_distance")
_MORE_THAN = _pattern("more_than_told")
_STILL_COUNTS = _pattern("still_counts")
_AS_IF_NOT = _pattern("as_if_not")
_MAY_IDIOMS = _pattern("may_idioms")
_GRANT_WORDS = _pattern("grant_words")
ASKS_FOR_FIGURE = _pattern("asks_for_figure")
_POLITE_CONFIRM = _pattern("polite_confirm")


def without_polite_confirm(question: str) -> str:
    """A question without its polite opening ("Could you please confirm whether, …"), or as it is."""
    return _POLITE_CONFIRM.sub("", question) or question


ACT_TOLD = _pattern("act_told")  # "… turned off our heat … can he just do that?": leave asked for the story's act


def also_without(question: str, provision: str) -> bool:
    """Whether a provision does, "without" it, the thing a question asks about doing without something ("may the
    inspector issue an order without prior notice or a hearing?" met by "he may, without notice or hearing, issue an
    order …")."""
    things = {found.group(1).lower().rstrip("s") for found in _WITHOUT_ASKED.finditer(question)}
    return any(re.search(rf"\bwithout\s+(?:[a-z]+\s+){{0,2}}?{re.escape(t)}s?\b", provision, re.IGNORECASE) for t in things)
# what the user counts on to protect them ("doesnt the permit protect me?", "i had a permit so they cant fine me right?",
# "can they still fine me?")
COUNTS_ON = re.compile("|".join(f"(?:{_FORMS[k]})" for k in ("relief", "denied_despite", "still_despite")), re.IGNORECASE)
# ... of them, those that say what the user counts on to escape ("so they cant cite me", "is that a real excuse?"), not
# only that they hope still to do something ("can i still get a hearing?")
ESCAPE_COUNTED_ON = re.compile("|".join(f"(?:{_FORMS[k]})" for k in ("relief", "denied_despite")), re.IGNORECASE)
_WORD = re.compile(r"[a-z]{4,}")
# Words compared by their first letters, so "switch" meets "switches" and "lighted" meets "lighting".
_STEM = 5


def prefix_stems(text: str) -> set[str]:
    """The words of four letters or more, by their first five ("switch" meets "switches")."""
    return {w[:_STEM] for w in _WORD.findall(text.lower())}


@lru_cache(maxsize=2048)
def _limit(pattern: re.Pattern[str], provision: str) -> int | None:
    """The most a provision allows by ``pattern`` ("… containing not more than four dwelling units …": 4; "… not more
    than 300 feet away …": 300), or None."""
    limit = pattern.search(words_to_digits(provision.lower()))
    return int(limit.group(1)) if limit else None


def _told_beyond(limit_pattern: re.Pattern[str], told_pattern: re.Pattern[str], question: str, provision: str, pick: Any) -> bool:
    """Whether the figure a question tells (``told_pattern``; ``pick`` of several: max, min) exceeds the provision's limit."""
    limit = _limit(limit_pattern, provision)
    said = words_to_digits(question.lower())
    # ("… located more than 300 feet from the nearest power lines": beyond 300, told as 300)
    told = [int(m.group(1)) + 0.5 * bool(_MORE_THAN.search(said[: m.start()])) for m in told_pattern.finditer(said)] if limit is not None else []
    return bool(told) and pick(told) > limit


def beyond_size(question: str, provision: str) -> bool:
    """Whether the question tells a building larger than the largest the provision applies to ("6 unit bldg" against
    "… containing not more than four dwelling units …")."""
    return _told_beyond(_AT_MOST_UNITS, _TOLD_UNITS, question, provision, max)


def beyond_reach(question: str, provision: str) -> bool:
    """Whether a question asking if a provision applies tells a distance beyond the farthest the provision reaches
    ("… apply to a farmhouse whose nearest power line is 450 feet away?" against "… power lines which are not more
    than 300 feet away …"): then it does not apply."""
    return _told_beyond(_AT_MOST_DISTANCE, _TOLD_DISTANCE, question, provision, min)  # ("… do the outlet rules even apply")


def alternative_verdict(question: str, provision: str) -> str | None:
    """ "Yes" when a yes/no question asks about the alternative a provision permits ("the hallway light is on a switch
    … The landlord says that's fine. Is it?" met by "… may be supplied with conveniently located light switches …
    instead of full-time lighting"); "No" when it asks whether the standard replaced must be kept ("must the stairway
    lighting … be kept on at all times?"), or proposes to drop a constancy the provision requires ("can i put the
    hallway lights on a switch instead of leaving them on 24/7?" met by "… shall be lighted … at all times"); None
    otherwise."""
    allowed = ALTERNATIVE_PERMITTED.search(provision)
    if allowed is not None and not NEGATIONS.search(provision[: allowed.start()]):
        instead = prefix_stems(allowed.group("instead"))
        subject = prefix_stems(provision[: allowed.start()])
        if OBLIGATION.search(question) and (CONSTANCY.search(question) or instead & prefix_stems(question)):
            return "No"  # it need not: the alternative is permitted
        if not OBLIGATION.search(question) and (prefix_stems(allowed.group("permitted")) - instead - subject) & prefix_stems(question):
            return "Yes"
        return None
    if PERMISSION.search(question) and DROPS_CONSTANCY.search(question) and CONSTANCY.search(provision):
        return "No" if re.search(r"\b(?:shall|must)\b", provision, re.I) and not NEGATIONS.search(provision) else None
    return None


def voids_asked(question: str, provision: str) -> bool:
    """Whether the sentence that asks asks if something still counts ("… couldnt make it to the hearing date. does my
    petition still count?") and the provision takes it as never made ("The failure of the petitioner … to appear …
    shall have the same effect as if no petition were filed"): "No"."""
    return bool(_STILL_COUNTS.search(story_and_question(question)[1]) and _AS_IF_NOT.search(provision))


def grants(provision: str) -> bool:
    """Whether a provision says "may" (or "is hereby authorized to") of something it permits, not in a phrase such as
    "as the facts may warrant"."""
    return _GRANT_WORDS.search(_MAY_IDIOMS.sub(" ", provision)) is not None


_PREVAILS = _pattern("prevails")
_ASKS_PREVAILS = _pattern("asks_prevails")
_ALWAYS_PREVAILS = _pattern("always_prevails")
# each word of a kind of law with its kind, the longest first
_PRECEDENCE_WORDS = sorted(((w, c) for c, ws in _FORMS["precedence_classes"].items() for w in ws), key=lambda p: -len(p[0]))
_POINTING = re.compile(r"^\W*(?:that|such|this|these|those|it|they)\b(?!\s+(?:code|ordinance|chapter)\b)", re.I)


def _classes(text: str) -> set[str]:
    """The kinds of law a phrase names ("the Town code": local; "the less restrictive standard": laxer), by
    ``precedence_classes``; the longest words first, so "less restrictive" is not read as "restrictive"."""
    lowered = f" {' '.join(re.findall(r'[a-z]+', text.lower()))} "
    found: set[str] = set()
    for word, kind in _PRECEDENCE_WORDS:
        if f" {word} " in lowered:
            found.add(kind)
            lowered = lowered.replace(f" {word} ", " ")
    return found


def precedence_verdict(question: str, provision: str) -> str | None:
    """ "Yes" or "No" when a yes/no question asks whether one law prevails ("Does the Town code govern where the two
    conflict?", "does the less restrictive standard apply?") and the provision says which does ("… the Uniform
    Dwelling Code shall take precedence", "the stricter shall take precedence"): "Yes" when it is the one asked about;
    None when either names no kind of law (``precedence_classes``)."""
    prevails, asked = _PREVAILS.search(provision), _ASKS_PREVAILS.search(story_and_question(question)[1])
    if prevails is None or asked is None:
        return None
    winner = prevails.group("winner")
    if _POINTING.search(winner):  # "…, that regulation shall take precedence": the one the sentence named before it
        winning = _classes(provision[: prevails.end("winner")]) - {"local"}
    else:
        winning = _classes(winner)
    asking = _classes(asked.group("asked"))
    opposed = {"stricter", "laxer"}
    if winning & opposed and not asking & opposed and _ALWAYS_PREVAILS.search(asked.group(0)):
        return "No"  # "does the Muskego standard always control?": "the stricter shall take precedence"
    if not winning or not asking:
        return None
    if asking & opposed and winning & opposed and not asking & winning & opposed:
        return "No"  # "does the less restrictive standard apply?": "the stricter shall take precedence"
    return "Yes" if asking & winning else "No"


def opens_yes_no(question: str) -> bool:
    """Whether a question asks yes or no by its form, or by the first word of its asking sentence though its words
    make it read as a figure question ("does the part … count toward how big the room is?", "Do three members …
    constitute a quorum?")."""
    opening = story_and_question(question)[1].lower().replace("'", "").replace("’", "").split()[:1]
    return question_kind(question) == "yes_no" or bool(opening and opening[0] in YES_NO_STARTS)


_APPLIES_TO = _pattern("applies_to")
_EXCEPT_CLAUSE = _pattern("except_clause")


def _story_words(question: str) -> list[str]:
    """The words of four letters or more of the story told before the sentence that asks."""
    return re.findall(r"[a-z]{4,}", story_and_question(question)[0].lower())


def also_applies(question: str, provision: str) -> str | None:
    """ "Yes" when a question asks whether rules apply to a thing ("do the rooming house rules apply to a small hotel
    too?") and the provision says they "shall also apply to" it ("No" when they "shall not apply", or when the question
    asks about the case the provision excepts: "… apply to hotels where they conflict with State law?" met by "…
    except to the extent that any such provision may be found in conflict with the laws of this State"); None
    otherwise."""
    # (the thing it "applies to" that the provision names: "Does a provision … that applies to rooming houses also apply
    # to hotels …?": hotels)
    # (… or, where it points to the asker's own place, the things the story names: "living long-term in a little hotel …
    # Do the village's rooming house rules … apply to where I live too?": hotels)
    pointers = _FORMS["applies_pointers"]
    found = (
        (asked, said)
        for asked in _APPLIES_TO.finditer(question)
        for word in [asked.group(1), *(_story_words(question) if asked.group(1).lower() in pointers else ())]
        if (said := re.search(str(_FORMS["also_applies"]).format(word=re.escape(word.lower().rstrip("s"))), provision, re.I))
    )
    asked, said = next(found, (None, None))
    if asked is None or said is None:
        return named_in_scope(question, provision)
    excepted = _EXCEPT_CLAUSE.search(provision[said.end() :])
    if excepted and len(prefix_stems(excepted.group(1)) & prefix_stems(question[asked.end() :])) >= 2:
        return "No"
    return "No" if said.group(1) else "Yes"


_SCOPE_ASKED = _pattern("scope_asked")
_SCOPE_LEFT_OUT = _pattern("scope_left_out")


def named_in_scope(question: str, provision: str) -> str | None:
    """ "Yes" when the sentence that asks, asks whether a rule reaches a thing ("Does the heat rule cover bathrooms?") and
    the provision names it (not after "except", "excluding", "not" in its clause); None otherwise."""
    asked = _SCOPE_ASKED.search(story_and_question(question)[1].lower())
    if asked is None:
        return None
    thing = asked.group(1).rstrip("s")
    for named in re.finditer(rf"\b{re.escape(thing)}(?:s|es)?\b", provision, re.I):
        clause = re.split(r"[.;:]", provision[: named.start()])[-1]
        if not _SCOPE_LEFT_OUT.search(clause):
            return "Yes"
    return None


_ASKS_RECIPIENT = _pattern("asks_recipient")
_SENDS_TO_OFFICE = _pattern("sends_to_office")


def asked_recipient_act(question: str) -> str | None:
    """The act (its first four letters) whose recipient a question asks ("who do i apply to …": "appl"); None otherwise."""
    asked = _ASKS_RECIPIENT.search(question)
    return next(g for g in asked.groups() if g)[:4].lower() if asked else None


def sends_act_to_office(act: str | None, provision: str) -> bool:
    """Whether the provision sends that act to an office ("The operator shall apply to the Health Officer …")."""
    return act is not None and any(next(g for g in m.groups() if g)[:4].lower() == act for m in _SENDS_TO_OFFICE.finditer(provision))


def sends_to_asked(question: str, provision: str) -> bool:
    """Whether a question asks to whom an act goes ("who do i apply to in dresser for a rooming house permit") and the
    provision sends that act to an office ("The operator shall apply to the Health Officer for such permit …")."""
    return sends_act_to_office(asked_recipient_act(question), provision)


_EITHER = re.compile(r"\b([a-z]{3,}) (?:and/)?or (?:a |an )?([a-z]{3,})\b")  # "bathtub or shower", "bathtub and/or shower"
_LACKING_BEFORE = _pattern("lacking_before")
_ASKS_COMPLIANCE = _pattern("asks_compliance")
_IN_PLACE_OF = _pattern("in_place_of")
_ASKS_REFUSAL = _pattern("asks_refusal")


def _said(word: str, text: str) -> list[re.Match[str]]:
    """Where a text names a thing ("tub" for "bathtub": a word that ends or starts with the other, three letters or more)."""
    return [m for m in re.finditer(r"[a-z]{3,}", text) if m.group(0).endswith(word) or word.endswith(m.group(0))]


def either_suffices(question: str, provision: str) -> str | None:
    """ "No" to a question whether both of two things a provision asks one of are needed ("do i need a tub AND a shower or
    just one" met by "… bathtub or shower …"), or whether the one missing is needed where the other is there ("… only
    has a shower stall, no bathtub … Does the landlord have to put one in?"); "Yes" to whether that is allowed ("… only a
    shower, no tub. is that legal?"); None otherwise."""
    asking = story_and_question(question)[1].lower()
    lowered = question.lower()
    obliged = bool(OBLIGATION.search(asking))
    if not obliged and (not _ASKS_COMPLIANCE.search(asking) or _IN_PLACE_OF.search(lowered)):
        return None
    for pair in _EITHER.finditer(provision.lower()):
        first, second = pair.groups()
        here = {w: _said(w, lowered) for w in (first, second)}
        if first == second or not all(here.values()):
            continue
        forms = "|".join(sorted({m.group(0) for found in here.values() for m in found}, key=len, reverse=True))
        if obliged and (re.search(rf"\b(?:{forms})\s+(?:and|&|plus)\s+(?:a |an )?(?:{forms})\b", asking) or re.search(r"\bboth\b", asking)):
            return "No"
        if re.search(rf"\b(?:{forms})\s+(?:or|and|&|/)\s+(?:a |an )?(?:{forms})\b", lowered):
            continue  # "no shower or tub at all": named together, missing together
        lacking = {w: any(_LACKING_BEFORE.search(lowered[max(0, m.start() - 25) : m.start()]) for m in found) for w, found in here.items()}
        if lacking[first] != lacking[second]:  # one is there, the other missing: either one does
            return "No" if obliged else "Yes"  # "… have to put one in?": No; "… only a shower, no tub. is that legal?": Yes
    return None


def assumed_as_asked(question: str, provision: str) -> bool:
    """Whether a question asks if a duty may be shifted by agreement ("can an owner shift the duty of cleaning … onto a
    tenant by agreement?") and the provision says it may ("except where such responsibility is assumed … by agreement")."""
    return bool(SHIFTED_BY_AGREEMENT.search(question) and _ASSUMED_BY_AGREEMENT.search(provision))


def asks_leave(text: str) -> bool:
    """Whether the sentence that asks asks leave ("Is a landlord allowed to rent a place out in that condition?"), not
    whether someone must act or can make another act ("can I make him fix it?"), or may refuse what a duty asks ("can
    they refuse?"): a prohibition or a permission answers it, not who is responsible."""
    asking = story_and_question(text)[1]
    if _ASKS_REFUSAL.search(asking):  # "… wont give access for repairs. can they refuse": whether the duty binds them
        return False
    return question_kind(text) == "yes_no" and bool(PERMISSION.search(asking)) and not OBLIGATION.search(asking) and not COMPELS.search(asking)


_CONFLICTS = tuple(
    (
        re.compile(str(c["asked"]), re.IGNORECASE),
        re.compile(str(c["provision"]), re.IGNORECASE),
        re.compile(str(c["unless"]), re.IGNORECASE) if c.get("unless") else None,
    )
    for c in _FORMS["conflicts"]
)


def conflicts_with(question: str, provision: str) -> bool:
    """Whether a question asks if something is allowed that the provision's own words rule out (``conflicts``): "can the
    bathroom be a curtained-off corner of the bedroom?" met by "… separate from the habitable rooms …"; never for a
    question of need ("does every apartment need its own bathroom or can we share?"), nor for one that asks whether
    there is a rule ("… piled with junk … Isn't there a rule about that?": there is)."""
    asking = story_and_question(question)[1]  # "… i have to walk thru my neighbors bedroom … is that allowed?" asks leave
    if OBLIGATION.search(asking) or ASKS_FOR_RULE.search(asking):
        return False
    return any(
        asked.search(question) and against.search(provision) and not (unless and unless.search(question))
        for asked, against, unless in _CONFLICTS
    )


_ENTAILS = tuple((re.compile(str(c["asked"]), re.IGNORECASE), re.compile(str(c["provision"]), re.IGNORECASE)) for c in _FORMS["entails"])


def entailed(question: str, provision: str) -> bool:
    """Whether the sentence that asks asks what the provision's own words require (``entails``): "… Do we all have to
    leave?" met by "… no person shall occupy … any rooming unit therein": the answer is "Yes"."""
    asking = story_and_question(question)[1] or question
    return any(asked.search(asking) and required.search(provision) for asked, required in _ENTAILS)


# "… shall act as secretary, but shall not vote.": an act the provision denies, the clause ending with it.
_DENIED_ACT = re.compile(r"\b(?:shall|may|must)\s+not\s+(?:be\s+)?([a-z]{4,})\s*(?:[.;,]|$)", re.IGNORECASE)


def denies_act_asked(question: str, provision: str) -> bool:
    """Whether a yes/no question that asks neither leave nor need ("does the building inspector get a vote??") names
    the act a provision denies at the end of its clause ("… but shall not vote."): the answer is "No"."""
    asking = story_and_question(question)[1] or question
    if OBLIGATION.search(asking) or PERMISSION.search(asking):
        return False
    asked = prefix_stems(asking)
    return any(m.group(1).lower()[:_STEM] in asked for m in _DENIED_ACT.finditer(provision))


_ASKS_INCLUDED = re.compile(_FORMS["asks_included"], re.IGNORECASE)
_INCLUDING = re.compile(_FORMS["including"], re.IGNORECASE)
_OPENS_INCLUDED = re.compile(_FORMS["opens_included"], re.IGNORECASE)


def included_asked(question: str, provision: str) -> bool:
    """Whether a yes/no question asks whether some people or things are included or counted ("… are members of the
    operator's family included?") and the provision includes them by name ("… for each eight persons …, including
    members of the operator's family …"): at least two of the words asked about follow its "including"."""
    asking = (story_and_question(question)[1] or question).split(",")[-1]  # "In counting persons …, are … included?"
    if not _ASKS_INCLUDED.search(asking) or not _OPENS_INCLUDED.match(asking):
        return False
    asked = prefix_stems(_ASKS_INCLUDED.sub(" ", asking))
    return any(len(prefix_stems(m.group(1)) & asked) >= 2 for m in _INCLUDING.finditer(provision))


def needs_another(question: str, provision: str) -> bool:
    """Whether a question asks if one thing alone suffices and the provision requires it with another ("… sent a copy
    thereof by registered mail to his last known address and a copy is posted …"), or says one of two things the
    provision joins with "and" was not done ("mailed me a violation notice reg mail, nothing posted on the bldg. is
    that proper service?": ``denied_part``)."""
    lowered = question.lower()
    found = _pattern("asks_one_alone").search(lowered)
    flat = " ".join(provision.lower().split())
    if found is not None:
        said = (found.group(1) or found.group(2) or "").split()
        stops = set(_FORMS.get("one_alone_stops") or ())
        if found.group(2):  # "solely by posting it on the dwelling": posting
            said = said[: next((i for i, w in enumerate(said) if w in stops), len(said))]
        while said and said[-1] in stops:  # "is mailing it alone enough?": mailing
            said = said[:-1]
        thing = " ".join(said[-2:])
        at = flat.find(f" {thing} ") if thing else -1
        if at >= 0 and " and " in re.split(r"[.;]", flat[at + len(thing) + 1 :], maxsplit=1)[0]:
            return True
        word = thing.split()[-1] if thing else ""  # "service by posting alone" met by "… and a copy is posted"
        asked = _sufficiency_asked(question, flat) or bool(PERMISSION.search(story_and_question(question)[1]))  # "may … be served solely by …?"
        return bool(word) and asked and _joined_by_and(flat, word)
    denied = _DENIED_PART.search(lowered)
    return denied is not None and _sufficiency_asked(question, flat) and _joined_by_and(flat, denied.group(1) or denied.group(2))


_ASKS_SUFFICIENT = _pattern("asks_sufficient")


def _sufficiency_asked(question: str, provision: str) -> bool:
    """Whether the sentence that asks asks if something suffices ("is that proper service?") of a provision that
    lists no alternative ways ("… or if a copy thereof is posted …" is one of several: ``one_of_the_ways``)."""
    return bool(_ASKS_SUFFICIENT.search(story_and_question(question)[1])) and len(_ways_split().split(provision)) < 2


_DENIED_PART = _pattern("denied_part")
_ALL_WORDS = re.compile(r"[a-z0-9]+")  # (every word: its place among its neighbours counts)


def _joined_by_and(provision: str, word: str) -> bool:
    """Whether a word of the provision (by its stem: "posting", "posted") stands beside an "and" that joins it to
    another thing its clause requires ("… by registered mail … and a copy is posted …")."""
    from knowledge.stemming import stem

    wanted = stem(word)
    for clause in re.split(r"[.;]", provision):
        words = _ALL_WORDS.findall(clause)
        for i, w in enumerate(words):
            if stem(w) == wanted and "and" in words[max(0, i - 6) : i + 7] and i > 8:
                return True
    return False


def _ways_split() -> re.Pattern[str]:
    from knowledge.question_form import _WAYS_SPLIT  # noqa: PLC0415

    return _WAYS_SPLIT


def first_asked(text: str) -> str:
    """The message with its sentence that asks ended after its first question ("… Do I have to let him in, or can I say
    no?" → "… Do I have to let him in?"; "…, and how is …?" left out too): what the first question settles is read
    from it, not from its other side; the message itself when it asks one thing (``first_question``)."""
    first = first_question(text)
    at = text.rfind(first[:-1]) if first != story_and_question(text)[1] else -1
    if at < 0:
        return text
    end = text.find("?", at + len(first) - 1)
    return text[: at + len(first) - 1] + "?" + (text[end + 1 :] if end >= 0 else "")



def first_question(text: str) -> str:
    """The sentence that asks up to a second question or an alternative in it ("Do I have to let him in, or can I say
    no?" → "Do I have to let him in?"; ``second_alternative``, ``second_question``)."""
    sentence = story_and_question(text)[1]
    first = sentence[: min(cuts)] if (cuts := [m.start() for m in (SECOND_ALTERNATIVE.search(sentence), SECOND_QUESTION.search(sentence)) if m]) else ""
    # its own question opens it, or a clause of it ("In Dresser, does …", "If I complain …, can the inspector …")
    opening = {words[0] for clause in re.split(r"[,;]", _LEADING_LABEL.sub("", first).lower()) if (words := re.findall(r"[a-z0-9]+", clause))}
    return first.strip() + "?" if len(first.split()) >= 3 and opening & (YES_NO_STARTS | WH_WORDS) else sentence
