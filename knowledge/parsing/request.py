"""A space-check message read whole: the people, the rooms and their parts, and what is asked."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from knowledge.parsing.household import (
    Household,
    Person,
    children_of,
    parse_household,
    people_vocab,
)
from knowledge.parsing.numbers import (
    MAX_TEXT_CHARS,
    without_citations,
    words_to_digits,
)
from knowledge.parsing.patterns import (
    parse,
)
from knowledge.parsing.rooms import (
    Room,
    interpret_dimensions,
    parse_rooms,
)
from knowledge.phrase_match import has_phrase
from knowledge.question_form import story_and_question


@dataclass(frozen=True)
class SpaceRequest:
    """What a space-check message says: the people, the rooms and their parts, and what is asked."""

    household: Household | None
    rooms: tuple[Room, ...]
    closet_hall_sqft: float | None
    low_ceiling_sqft: float | None
    kind: str | None  # "bedroom", "unit" or None (not said)
    rooming: bool
    wants_minimum: bool
    follow_up: bool
    wants_capacity: bool = False
    asks_adequacy: bool = False  # "is it big enough?", "too small?" (``people.yml`` ``adequacy_questions``)
    tall_ceiling_sqft: float | None = None  # "only 60 sq ft of it has a ceiling 7 1/2 ft or higher"
    window_sqft: float | None = None  # "one small window with maybe 12 square feet of glass"
    children_only: bool = False  # "the kids share a bedroom": the room is the children's (``children_sharing``)
    corrects_age: str | None = None  # "actually our youngest is only 8 months": "youngest", "oldest" or "unstated"
    openable_sqft: float | None = None  # "the only window that opens gives about 5 square feet of open space"


# a count of bedrooms ("2 bdrm", "a one-bedroom apartment"), not a room's size ("10x12 bedroom")
# ("one bedroom" is a unit's only with a unit word after it: "a 1 bdrm apt", not "all of us in one bedroom")
_COUNTED_BEDROOMS = re.compile(
    r"(?<![x×*.\d])(?<!by )(?<!x )\b(?:(?:[2-9]|two|three|four|five)\s*-?\s*(?:bdrms?|bedrooms?|brs?|bd)\b"
    r"|(?:1|one)\s*-?\s*(?:bdrm|bedroom|br|bd)\s+(?:apt|apartment|unit|house|home|flat|condo|rental|cottage|cabin|townhouse)\b)"
)
# "looking at a 1 bedroom, 340 sq ft": a unit, when no bedroom is named besides ("a 1 bedroom, the bedroom is 10x11")
_A_ONE_BEDROOM = re.compile(
    r"\ba (?:(?:small|little|tiny|cozy|big|large|nice|old|new)\s+)?(?:[\d,.]+\s*(?:sq\.?\s*ft\.?|sqft|sf|square\s+f(?:ee|oo)t)\s+)?(?:1|one)\s*-?\s*(?:bdrm|bedroom|br|bd)\b"
)  # "got a 900 sq ft 1br", "mine's a small 1br like 600sqft" too
_BEDROOM_WORD = re.compile(r"(?<![a-z])(?:bdrm|bedroom|br|bd)s?\b")  # "1br" too

_CLAUSE_ENDS = {",", ";", ".", "and", "but", "plus", "with", "while", "&", "+"}


def _described_window(doc: Any, start: int, end: int, window_words: Any, describing: Any) -> bool:
    """Whether a size is a window's told after it within its sentence, with only describing words between
    (people.yml ``space_parts.window_describing``: "the only window is tiny, maybe 2 feet by 3 feet"); not "min
    window area for a 10x12 room"."""
    words = [t.lower_ for t in doc[max(start, end - 8) : end]]
    last = max((i for i, w in enumerate(words) if w in window_words), default=None)
    return last is not None and all(w in describing for w in words[last + 1 :])


def parse_space_parts(text: str) -> tuple[list[Room], float | None, float | None]:
    """The rooms a message sizes, and the closet-and-hall and low-ceiling areas it gives separately.

    "a 10x12 bedroom with a 2x4 closet" → the room is 10x12, the closet 8 sq ft; "600 sq ft plus 40 sq ft
    of halls"; "10x12 but 20 sq ft is under a sloped ceiling". A size is a part (closet, hall, low
    ceiling) when the words of ``knowledge/people.yml`` ``space_parts`` are next to it.
    """
    return _space_parts(text)[:3]


def _before_left_out(words: list[str], phrases: Any) -> list[str]:
    """The words before the first phrase that leaves a part out of a size (people.yml ``space_parts.left_out``:
    "560 sqft (not counting bath/closets)" is the floor without the closets, not the closets' size)."""
    for i in range(len(words)):
        if any(words[i : i + len(p.split())] == p.split() for p in phrases):
            return words[:i]
    return words


# How many words before a size are read for a phrase that leaves the closets out of it ("without the bathroom and
# closets are about 520 sq ft").
LEFT_OUT_WINDOW = 8


def _left_out_before(doc: Any, floor: int, start: int, phrases: Any) -> bool:
    """Whether the words just before a size (within its clause, after any earlier size) leave a part out of it."""
    words = [t.lower_ for t in doc[max(floor, start - LEFT_OUT_WINDOW) : start]]
    ends = [i for i, w in enumerate(words) if w in _CLAUSE_ENDS - {"and"}]
    words = words[ends[-1] + 1 :] if ends else words
    return bool(_before_left_out(words, phrases) != words)


def _space_parts(text: str) -> tuple[list[Room], float | None, float | None, float | None, float | None, float | None]:
    """:func:`parse_space_parts`, the floor under a full-height ceiling ("only 80 sq ft of it has 7'6" or more
    of headroom", ``space_parts`` ``tall_ceiling``), and the window area ("a single window of roughly 2 feet by 3
    feet of glass", ``window``) and the part of it that opens ("the only window that opens gives about 5 square feet of
    open space", ``openable``)."""
    if not isinstance(text, str) or not text.strip():
        return [], None, None, None, None, None
    parts: dict[str, list[str]] = people_vocab()["space_parts"]
    room_words = set(people_vocab()["space_kinds"]["bedroom"]) | set(people_vocab()["space_kinds"]["unit"])
    doc = parse(text)
    spans = [e for e in doc.ents if e.label_ == "dimensions"]
    if not spans:
        return parse_rooms(text), None, None, None, None, None
    main: list[Any] = []
    left_out_sized: list[tuple[Any, float]] = []
    closet = low = tall = window = openable = None
    describing = {"ft", "feet", "foot", "'", "sq", "square", *(parts.get("room_describing") or ())}  # "200 sq ft habitable room"
    for k, span in enumerate(spans):
        after_end = min(span.end + 8, spans[k + 1].start if k + 1 < len(spans) else len(doc))
        after_words = [t.lower_ for t in doc[span.end : after_end]]
        after_words = after_words[: next((i for i, w in enumerate(after_words) if w in _CLAUSE_ENDS), len(after_words))]
        if span.text.endswith("."):  # "… window like 2 ft by 3 ft. room is 12x12": the sentence ends with the size
            after_words = []
        after_words = _before_left_out(after_words, parts.get("left_out") or ())  # "560 sqft (not counting closets)"
        before_start = spans[k - 1].end if k else 0
        before_words = [t.lower_ for t in doc[max(before_start, span.start - 4) : span.start]]
        if before_words and any(w in (",", ";", ".") for w in before_words):
            cut = max(i for i, w in enumerate(before_words) if w in (",", ";", "."))
            before_words = before_words[cut + 1 :]
        if _restates(doc, spans, k):  # "the window is 3x3 (9 sq ft)": the same size again, not another one
            continue
        first_after = next((w for w in after_words if w not in describing), "")
        if first_after in room_words:
            main.append(span)
            continue
        around = " ".join(before_words + ["@"] + after_words)
        area = interpret_dimensions(span.text)
        if not area.ok and area.question and " in feet or in metres" in area.question:
            area = interpret_dimensions(span.text + " ft")  # a closet may well be 2x4 feet
        # a full-height part is often told past the height it has ("60 sq ft of it has a ceiling 7 1/2 ft or higher")
        further = [t.lower_ for t in doc[span.end : min(span.end + 14, len(doc))]]
        further = further[: next((i for i, w in enumerate(further) if w in _CLAUSE_ENDS - {"and"}), len(further))]
        if area.ok and has_phrase(" ".join(before_words + ["@"] + further), parts.get("tall_ceiling") or ()):
            tall = (tall or 0.0) + (area.area_sqft or 0.0)
        elif area.ok and has_phrase(around, parts["low_ceiling"]):
            low = (low or 0.0) + (area.area_sqft or 0.0)
        elif area.ok and _opening_of_a_window(doc, before_start, span.start, after_words, parts):
            openable = (openable or 0.0) + (area.area_sqft or 0.0)  # "the only window that opens gives about 5 sq ft"
        elif area.ok and (
            has_phrase(" ".join(before_words[-3:] + ["@"] + after_words[:2]), parts.get("window") or ())
            or _described_window(doc, before_start, span.start, parts.get("window") or (), set(parts.get("window_describing") or ()))
        ):
            # the window's own size: a window word just before it or just after ("a window of roughly 2 by 3 feet",
            # "12 square feet of glass", "one 3x4 window"), not a room's size before "- min window area?"
            window = (window or 0.0) + (area.area_sqft or 0.0)
        elif area.ok and has_phrase(around, parts["closet_hall"]):
            if _left_out_before(doc, before_start, span.start, parts.get("left_out") or ()):
                left_out_sized.append((span, area.area_sqft or 0.0))  # "all the rooms added up without the bathroom and closets are 520 sq ft"
                continue
            closet = (closet or 0.0) + (area.area_sqft or 0.0)
        else:
            main.append(span)
    if left_out_sized and not main:  # the only size, told without the closets: the floor's, not the closets'
        main = [span for span, _ in left_out_sized]
    elif left_out_sized:
        closet = (closet or 0.0) + sum(sqft for _, sqft in left_out_sized)
    if len(main) == len(spans):
        return parse_rooms(text), None, None, None, None, None
    rooms = [interpret_dimensions(span.text) for span in main]
    return rooms, closet, low, tall, window, openable


def _restates(doc: Any, spans: list[Any], k: int) -> bool:
    """Whether size ``k`` is the size just before it again, in brackets ("3x3 (9 sq ft)", "10 by 12 (120 sf)")."""
    if k == 0 or spans[k].start < 1 or doc[spans[k].start - 1].text != "(" or spans[k - 1].end != spans[k].start - 1:
        return False
    this, before = interpret_dimensions(spans[k].text), interpret_dimensions(spans[k - 1].text)
    if not before.ok:
        before = interpret_dimensions(spans[k - 1].text + " ft")  # "3x3 (9 sq ft)": the feet the brackets give
    return bool(this.ok and before.ok and abs((this.area_sqft or 0.0) - (before.area_sqft or 0.0)) <= 1.0)


def _opening_of_a_window(doc: Any, start: int, end: int, after_words: list[str], parts: Any) -> bool:
    """Whether a size is the part of a window that opens: a window word and an opening word (``space_parts.openable``)
    among the words just before it, or ``openable_after`` right after it ("… 5 square feet of open space")."""
    before = " ".join(t.lower_ for t in doc[max(start, end - 8) : end])
    opening = parts.get("openable") or ()
    return (has_phrase(before, parts.get("window") or ()) and has_phrase(before, opening)) or has_phrase(
        " ".join(after_words[:4]), parts.get("openable_after") or ()
    )


def parse_space_request(text: str) -> SpaceRequest:
    """Read a space-check message: who, which rooms (and closets, low ceilings), and what is asked.

    One answer reads its message several times (is it a space check? which kind? a follow-up?); the
    reading of the last few hundred messages is remembered (a :class:`SpaceRequest` is immutable)."""
    lowered = " ".join(without_citations(str(text or "")[:MAX_TEXT_CHARS]).lower().split())
    lowered = " ".join(_without(lowered, people_vocab().get("code_titles") or ()).split())  # "… Minimum Housing Code …"
    return _read_request(_HYPHENATED_SIZE.sub(lambda m: m.group(0).replace("-", " "), lowered))


# words that speak of more than one room, so two rooms of one size are two ("both bedrooms are 10x10")
_MORE_THAN_ONE_ROOM = re.compile(
    r"\b(?:rooms|bedrooms|each (?:room|bedroom|one)|both|(?:two|2|other|another|second|first) (?:room|bedroom)s?|one is|the other)\b"
)
# a size written with hyphens ("a 12-by-14-foot sleeping room"), read as "12 by 14 foot"
_HYPHENATED_SIZE = re.compile(r"\b\d+(?:\.\d+)?-(?:by|x)-\d+(?:\.\d+)?(?:-(?:foot|feet|ft))?\b")


def _without(text: str, phrases: Any) -> str:
    """The text with each of the phrases (whole words) blanked out."""
    for phrase in phrases:
        text = re.sub(rf"\b{re.escape(phrase)}\b", " ", text)
    return text


@lru_cache(maxsize=256)
def _read_request(lowered: str) -> SpaceRequest:
    vocab = people_vocab()
    rooms, closet, low, tall, window, openable = _space_parts(lowered)
    parts = vocab["space_parts"]
    if openable is None and has_phrase(lowered, parts.get("shut_window") or ()) and not has_phrase(lowered, parts.get("other_windows") or ()):
        openable = 0.0  # "… only has one small window that's painted shut": none of it opens
    rooms = [r for r in rooms if not re.fullmatch(r"\d+(?:[.,]\d+)*", r.source_text.strip())]  # "30 units" is no room
    if len(rooms) == 2 and rooms[0].area_sqft and rooms[0].area_sqft == rooms[1].area_sqft and not _MORE_THAN_ONE_ROOM.search(lowered):
        rooms = rooms[:1]  # "a 72 sq ft bedroom … isn't 72 square feet enough?": one room, its size said twice
    kinds = vocab["space_kinds"]
    kind = None
    rooming = has_phrase(lowered, vocab["rooming"])
    one_bedroom_unit = bool(_A_ONE_BEDROOM.search(lowered)) and len(_BEDROOM_WORD.findall(lowered)) == 1
    unscoped = lowered
    for scope in vocab.get("bedroom_scopes") or ():  # "a bedroom … in a dwelling unit of two or more rooms": a bedroom
        unscoped = unscoped.replace(scope, " ")
    if not rooming and (
        has_phrase(unscoped, vocab["unit_phrases"]) or _COUNTED_BEDROOMS.search(lowered) or one_bedroom_unit
    ):
        kind = "unit"  # "a 2 bdrm apt, 700 sq ft": the size is the unit's
    elif has_phrase(_without(lowered, vocab.get("space_idioms") or ()), kinds["bedroom"]) or rooming:
        kind = "bedroom"  # ("… an 850 sq ft apartment, is that enough room?": space, not a bedroom)
    elif has_phrase(lowered, kinds["unit"]):
        kind = "unit"
    smallest_unit = float(vocab.get("smallest_unit_sqft") or 0)
    counted_bedrooms = _COUNTED_BEDROOMS.search(lowered)
    named_bedroom = counted_bedrooms or has_phrase(unscoped, kinds["bedroom"])  # ("share a bedroom in our apartment … 75 sq ft")
    if kind == "unit" and named_bedroom and rooms and all(r.ok and (r.area_sqft or 0) < smallest_unit for r in rooms):
        kind = "bedroom"  # "we rent a 2 bedroom … the kids share the other one, 11 by 9": a room, not the unit
    largest_bedroom = float(vocab.get("largest_bedroom_sqft") or 0)
    if kind in ("bedroom", None) and not rooming and largest_bedroom and rooms and all(r.ok and (r.area_sqft or 0) > largest_bedroom for r in rooms):
        kind = "unit"  # "the listing said 900 square feet … move his brother into the spare room", "the place … is only 900 sq ft"
    story, asking = story_and_question(lowered)
    if (
        kind == "unit"
        and story
        and counted_bedrooms
        and has_phrase(asking, vocab.get("asked_room_words") or ())
        and not has_phrase(asking, kinds["unit"])
        and not has_phrase(unscoped, vocab["unit_phrases"])
    ):
        kind = "bedroom"  # "I rent a small two-bedroom … How much space does our room need …?": the room asked about
    household = parse_household(lowered) or _bare_count(lowered, vocab)
    focused = _asked_room(rooms, story, asking) if story else None
    if focused is not None:  # "master is 11x12 for me n wife, 2nd br is 9x8 for my 2 boys. is the 9x8 ok for both?"
        rooms, kind = [focused[0]], "bedroom"
        household = focused[1] or household
    sizing = has_phrase(asking, vocab["minimum_questions"]) or has_phrase(asking, vocab["adequacy_questions"])
    asked = parse_household(asking) if story and household is not None and sizing else None
    if asked is not None and asked.count == 1 and (household.count or 0) > 1 and not (asked.adding or household.adding):
        household = asked  # "My son's room … How big is a bedroom supposed to be for one kid?": the one asked about
    children_only = any(re.search(str(p), lowered) for p in vocab.get("children_sharing") or ())
    children = children_of(household.persons) if children_only and household is not None else ()
    if children:
        # "me, my girlfriend and her two kids, 5 and 8. the kids share one bedroom": the bedroom is the two kids'
        household = Household(children, True, household.adding, household.total)
        kind = "bedroom"
    alone = any(re.search(str(p), lowered) for p in vocab.get("child_alone") or ())
    if alone and household is not None and len(children_of(household.persons)) == 1 and household.count > 1:
        # "My son and I are moving in … his bedroom is … 8 by 8. He'd be sleeping in there alone": the room is his
        household = Household(children_of(household.persons), True, household.adding, household.total)
        kind = "bedroom"
    corrects_age = _age_correction(lowered, household, vocab)
    wants_minimum = not rooms and has_phrase(lowered, vocab["minimum_questions"])
    follow_up = (
        any(lowered.startswith(p + " ") or lowered == p for p in vocab["follow_up_starts"])
        or has_phrase(lowered, vocab["follow_up_words"])
    ) or bool(household and household.adding) or corrects_age is not None
    wants_capacity = household is None and has_phrase(lowered, vocab["capacity_questions"]) and not wants_minimum
    asks_adequacy = has_phrase(lowered, vocab["adequacy_questions"])
    return SpaceRequest(
        household,
        tuple(rooms),
        closet,
        low,
        kind,
        rooming,
        wants_minimum,
        follow_up,
        wants_capacity,
        asks_adequacy,
        tall,
        window,
        children_only,
        corrects_age,
        openable,
    )


# a size's own clause ends at these ("… 9x8 for my 2 boys, the 11x12 is ours"); "and" does not end it ("for me and my wife")
_ROOM_CLAUSE_END = re.compile(r"[,;.]|\b(?:but|while|plus)\b")
# words after a size that give the people sleeping there ("9x8 for my 2 boys", "11x12 with me and my wife in it")
_ROOM_FOR = re.compile(r"^\W*(?:room|bedroom|br|bdrm|one|sq ft|square feet|ft|feet)?\s*(?:is |are |will be |would be )?(?:for|with|has|holds)\b")


def _asked_room(rooms: list[Room], story: str, asking: str) -> tuple[Room, Household | None] | None:
    """The one room of several the story sizes that the sentence that asks names again by its size ("is the 9x8 ok for
    both?"), with the people the story puts in it ("2nd br is 9x8 for my 2 boys"), or None when the asking sentence
    names no single one of them."""
    if len(rooms) < 2 or not all(r.ok for r in rooms):
        return None
    named = [r for r in parse_rooms(asking) if r.ok]
    if len(named) != 1:
        return None
    same = [r for r in rooms if abs((r.area_sqft or 0) - (named[0].area_sqft or 0)) <= 0.5]
    if not same or len({round(r.area_sqft or 0) for r in rooms}) < 2:
        return None
    room = same[0]
    at = story.find(room.source_text.strip(" .")) if room.source_text else -1
    people = None
    if at >= 0:
        after = story[at + len(room.source_text.strip(" .")) :]
        clause = _ROOM_CLAUSE_END.split(after, maxsplit=1)[0]
        if _ROOM_FOR.search(clause):
            people = parse_household(clause)
    asked = parse_household(asking)
    return room, (asked if asked is not None and asked.count else people)


def _age_correction(lowered: str, household: Household | None, vocab: Any) -> str | None:
    """Whose age a message corrects ("actually our youngest is only 8 months old, not 2": "youngest"), when it
    corrects one (people.yml ``age_corrections``): one person, with an age, and a word of correction."""
    words = vocab.get("age_corrections") or {}
    if household is None or len(household.persons) != 1 or household.persons[0].age is None:
        return None
    if not has_phrase(lowered, words.get("words") or ()):
        return None
    for whose in ("youngest", "oldest"):
        if has_phrase(lowered, words.get(whose) or ()):
            return whose
    return "unstated"


def _bare_count(lowered: str, vocab: Any) -> Household | None:
    """A follow-up that is only a number ("and for 6?"): that many people (people.yml ``bare_counts``)."""
    digits = words_to_digits(lowered).strip()
    for pattern in vocab.get("bare_counts") or ():
        found = re.match(str(pattern), digits)
        if found and 0 < int(found.group(1)) <= MAX_BARE_COUNT:
            return Household(tuple(Person("person", None) for _ in range(int(found.group(1)))))
    return None


MAX_BARE_COUNT = 30  # "and for 6?" is six people; a bigger bare number is no head count


def fixture_question(text: str) -> bool:
    """Whether a message counts people against bathroom fixtures and gives no room size ("we have 1 bathroom for like
    12 people. is that allowed"): how many fixtures the code wants, not how big a room is (``fixture_words``)."""
    request = parse_space_request(text)
    if not (request.household and request.household.count) or any(r.ok for r in request.rooms):
        return False
    return names_fixture(text)


def names_fixture(text: str) -> bool:
    """Whether a message names a bathroom fixture ("toilet", "one bathroom": ``fixture_words`` of people.yml)."""
    lowered = " ".join(str(text or "").lower().split())[:MAX_TEXT_CHARS]
    return has_phrase(lowered, people_vocab().get("fixture_words") or ())


def part_question(text: str) -> str | None:
    """The topic a space message asks about when it asks what a part of a dwelling counts for, with no check to make
    ("do closets and the hallway count toward the floor space?"): no people, no size and no room asked about, only a
    part of the dwelling (``space_parts`` of knowledge/people.yml), whose topic ``part_topics`` gives. None otherwise."""
    request = parse_space_request(text)
    if request.household is not None or request.rooms or request.kind or request.wants_capacity or request.asks_adequacy:
        return None
    lowered = " ".join(str(text or "").lower().split())[:MAX_TEXT_CHARS]
    vocab = people_vocab()
    parts = vocab.get("space_parts") or {}
    return next(
        (topic for part, topic in (vocab.get("part_topics") or {}).items() if has_phrase(lowered, parts.get(part) or ())),
        None,
    )

