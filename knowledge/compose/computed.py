"""Figures computed from what a question states: the window areas and counted floor of a room it sizes; a
temperature, a ceiling height or another length it gives, compared with the code's; the outlets it counts in a room;
a young child's age against the occupant age; the most a violation lasting so many days may cost where each day is a
separate offense. Each returns None when the question gives no such input or the topic's code sets no such figure
(the caller then answers from the text).
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from knowledge import question_form
from knowledge.answer_parts import source_line
from knowledge.compose.answer import Answer, citation_payload, shorten, standard_line, standard_payload
from knowledge.compose.figure_verdict import disputed_claim, fails_asked
from knowledge.facts import names_a_side
from knowledge.kb import KnowledgeBase, KnowledgeBaseError, Municipality
from knowledge.phrase_match import has_phrase
from knowledge.yes_no_forms import beyond_reach, first_asked, opens_yes_no


def room_figures(kb: KnowledgeBase, municipality: str, standards: Sequence[str], question: str) -> Answer | None:
    """The figures a room needs, computed, when a question on a topic with window figures gives the
    room's size ("12x13 bedroom, min window area?" -> 15.6 sq ft), or on a topic that leaves low-ceiling
    floor out gives the room and its low part ("12x14, 50 sf under 5'?" -> 118 sq ft counted); None
    otherwise (no room size given, no such figure in the topic, or the text sets none that applies)."""
    from knowledge import parsing, space

    request = parsing.parse_space_request(question)
    rooms = [room for room in request.rooms if room.ok]
    if len(rooms) != 1:
        return None
    if request.low_ceiling_sqft and "floor_excluded_below_ft" in standards:
        # "attic rm 12x14, 50 sf of it under 5' - what counts?": the check, with the low part left out
        checked = space.check(kb, municipality, space.merge_request(request, None))
        results = checked if isinstance(checked, list) else [checked]
        if all(r.verdict not in (space.NEED_INFO, space.BAD_INPUT) for r in results):
            return space.yes_no_first(space.to_answer(checked), question)
        return None
    if not set(standards) & set(space.WINDOW_KEYS):
        return None
    # (a room named only "room" is no sleeping room: "our living room … is 15 by 12")
    sleeping = has_phrase(
        " ".join(question.lower().split()), [w for w in parsing.people_vocab()["space_kinds"]["bedroom"] if w != "room"]
    )
    # "12 by 15 … a single window of roughly 2 feet by 3 feet of glass. Does that window satisfy …?": the verdict
    result = space.windows(
        kb, municipality, rooms[0], window_area=request.window_sqft, openable_area=request.openable_sqft, sleeping_room=True if sleeping else None
    )
    if result.verdict not in (space.COMPUTED, space.MEETS, space.FAILS):
        return None
    return space.yes_no_first(space.to_answer(result), question)


# A temperature the question states ("it's 65 inside", "the water only gets to 100 degrees"): a number in
# this range not followed by a unit of something else, and not the outside temperature.
_TEMPERATURE = re.compile(
    r"(?<![-\d.§$])(?<!§ )(?<!minus )(?<!below )(?<!chapter )(?<!chap )(?<!\bch\. )(?<!\bch )(\d{2,3}(?:\.\d)?)(?![-–]\d)\s*(?:°\s*f?|degrees?(?: f(?:ahrenheit)?)?|deg)?"
    r"(?!\s*(?:sq|square|ft|feet|foot|'|\"|x\b|by\b|%|percent|inch|in\.|in(?=\s*(?:$|[,;)]|wide|tall|high|long|deep))|"
    r"days?|hours?|units?|people|persons|ppl|years?|yrs?|months?|weeks?|below|under zero|outside|out\b|\d))",
    re.I,
)
TEMPERATURE_RANGE = (40.0, 200.0)
# An asking sentence this short ("is it?", "is that right?") asks about the story before it.
TAG_QUESTION_MAX_WORDS = 4
_ACCEPTABLE = re.compile(r"\b(?:fine|ok|okay|legal|allowed|normal|acceptable|enough|good enough)\b", re.I)
_TEMPERATURE_STANDARDS = ("heating_temp_f", "hot_water_temp_f")
# Words that put a stated temperature indoors or in the water, whatever topic the question was taken for
# ("muskgo wi - tnt complaining its 65 inside in winter, thats fine right?" read as a question on fines).
_INDOOR = re.compile(
    r"\b(?:inside|indoors|in here|heat|heating|heater|furnace|thermostat|warm|cold|chilly|freezing|winter|degrees)\b", re.I
)
_WATER = re.compile(r"\b(?:hot water|water heater|shower|bath|tap)\b", re.I)


def stated_temperature(kb: KnowledgeBase, muni: Municipality, standards: Sequence[str], question: str) -> Answer | None:
    """``temperature_check`` for a topic without a temperature figure, when the message states one indoors or of
    the water: the heating (or hot-water) figure is compared with it; None otherwise."""
    if set(standards) & set(_TEMPERATURE_STANDARDS) or not _INDOOR.search(question):
        return None
    topic = "hot_water" if _WATER.search(question) else "heating"
    if topic not in kb.topic_configs():
        return None
    standard, stated = _stated_and_required(kb, muni, kb.topic_config(topic).standards, question)
    if topic == "heating" and standard is not None and stated is not None and stated > standard.value:
        return None  # "… It was 90 degrees last week … Isn't there supposed to be at least one window that opens?": a hot day
    return temperature_check(kb, muni, kb.topic_config(topic).standards, question)


def _stated_and_required(
    kb: KnowledgeBase, muni: Municipality, standards: Sequence[str], question: str
) -> tuple[Any, float | None]:
    """The topic's temperature standard (None without one) and the one temperature the question states (None
    unless exactly one)."""
    key = next((k for k in _TEMPERATURE_STANDARDS if k in standards), None)
    standard = kb.standard(muni.key, key) if key else None
    if standard is None or not standard.value:
        return None, None
    values = [float(v) for v in _TEMPERATURE.findall(first_asked(question))]  # "to 70 or is 65 ok?": the 70
    values = [v for v in values if TEMPERATURE_RANGE[0] <= v <= TEMPERATURE_RANGE[1]]
    return standard, (values[0] if len(values) == 1 else None)


def temperature_check(kb: KnowledgeBase, muni: Municipality, standards: Sequence[str], question: str) -> Answer | None:
    """A temperature the question states, compared with the one the code requires ("tnt says it's 65 inside in
    winter, that's fine right?" -> "No. 65° is below the 70° …"); None without a stated temperature or a
    temperature standard of the topic in this code."""
    standard, stated = _stated_and_required(kb, muni, standards, question)
    if standard is None or stated is None:
        return None
    if stated == standard.value:  # "when the furnace is off do i still need hot water at 120?": the code's own figure
        asked = question_form.story_and_question(question)[1]
        if question_form.question_kind(question) != "yes_no" or not (
            question_form.OBLIGATION.search(question) or _ACCEPTABLE.search(asked)
        ):
            return None
        lead = f"Yes. In the {muni.name}, {standard_line(kb, standard)}."
        return _compared(kb, muni, standard, lead, compared={"stated": stated, "required": standard.value, "below": False})
    shown = f"{stated:g}°"
    below = stated < standard.value
    if not below and names_a_side(question, kb.fact_vocabulary()):
        return None  # "turns out he cranked it to 90 & messed w the settings. is that on him?": whose, not how warm
    asking = question_form.story_and_question(question)[1]  # "the landlord says it's 'working fine.' What is …?"
    officer_asked = (kb.meta("handoff") or {}).get("officer_asked")
    if officer_asked and re.search(str(officer_asked), asking.lower()):
        return None  # "… its 40 degrees in here. can the inspector force him to fix it immediately?": the officer's power
    # "landlord says 65 degrees is fine in winter. is it?": a short asking sentence asks about what the story calls fine
    tag = len(asking.split()) <= TAG_QUESTION_MAX_WORDS and question_form.question_kind(asking) == "yes_no"
    permission = bool(
        question_form.PERMISSION.search(asking) or _ACCEPTABLE.search(asking) or (tag and _ACCEPTABLE.search(question))
    )
    opening = ("No. " if below else "Yes. ") if permission else ""
    if not opening and opens_yes_no(question) and fails_asked(asking):  # ("Isn't he supposed to make it warmer than that?")
        opening = "Yes. " if below else "No. "  # "the water only gets to 110. do i have to fix it?"
    elif not opening and below and question_form.question_kind(question) == "yes_no" and disputed_claim(asking):
        opening = "No. "  # "landlord says the furnace only has to keep it at 65. is he right?": less than the code's
    elif not opening and question_form.ASKS_RULE_EXISTS.search(asking):
        opening = question_form.RULE_EXISTS_OPENING  # "… barely gets warm, maybe 100 degrees. Is there actually a rule on how hot …?"
    lead = (
        f"{opening}{shown} is {'below' if below else 'not below'} the {standard.value_text} the {muni.name} code "
        f"requires. In the {muni.name}, {standard_line(kb, standard)}."
    )
    return _compared(kb, muni, standard, lead, compared={"stated": stated, "required": standard.value, "below": below})


def _compared(kb: KnowledgeBase, muni: Municipality, standard: Any, lead: str, **computed: Any) -> Answer:
    """An answer that leads with what was compared (``lead``), then the standard's quote with its section."""
    section = kb.section(muni.key, standard.citation)
    lines = [lead, source_line(section.full_citation, shorten(standard.quote))]
    return _standard_answer(muni, standard, section, lines, **computed)


def _standard_answer(muni: Municipality, standard: Any, section: Any, lines: Sequence[str], **computed: Any) -> Answer:
    """An answer computed from one standard of ``muni``: its lines, the standard and its section cited, and what was
    computed (``compared``, ``computed``) in the payload."""
    payload = {
        "municipality": muni.key,
        "addressed": True,
        "lead": {"kind": "standard", "citation": standard.citation},
        "standards": [standard_payload(standard)],
        **computed,
        "citations": [citation_payload(section)],
    }
    return Answer("\n".join(lines), payload)


# "does my 6 month old count as an occupant?", "is an infant under twelve months counted?": whether someone counts
_COUNTS_ASKED = re.compile(
    r"\b(?:count|counts|counted|counting|considered|included|include|includes|regarded|treated)\b|\bas an? occupants?\b", re.I
)


def age_counted(kb: KnowledgeBase, muni: Municipality, standards: Sequence[str], question: str) -> Answer | None:
    """Whether the young person a question names counts as an occupant, by the code's definition of "occupant" and
    its age ("over one year of age": ``occupant_min_age_years``): "does my 6 month old count?" -> "No. …"; None when
    the question names no one of an age that settles it, asks no such thing, sizes a room (the space check counts
    them), or the code sets no such age."""
    from knowledge import parsing
    from knowledge.compose.lookups import answer_definition
    from knowledge.compose.membership import age_verdict, with_membership

    if "occupant_min_age_years" not in standards or not _COUNTS_ASKED.search(question):
        return None
    if kb.standard(muni.key, "occupant_min_age_years") is None:
        return None
    if any(room.ok for room in parsing.parse_space_request(question).rooms):
        return None
    definitions = kb.definitions("occupant", muni.key)
    if not definitions or age_verdict(question, definitions[0].text) is None:
        return None
    return with_membership(kb, question, definitions[0].term, muni.key, answer_definition(kb, definitions[0].term, muni.key))


# words quoted from the code ('three feet six inches below the outside finished grade'), not a length the asker states
_QUOTED_WORDS = re.compile(r"(?<![\w'])'[a-z][^']*'(?!\w)|(?<![\w\"])\"[a-z][^\"]*\"|“[^”]*”")

# a length as people write it before what it measures: "4 ft", "about 5 feet", "3' 6\"", "3 feet 6 inches"
_STATED_LENGTH = r"(\d+(?:\.\d+)?)\s*(?:ft|feet|foot|')(?:\s*(\d+)\s*(?:in|inches|inch|\"))?\s+(?:[a-z]+\s+){0,2}?"


def limit_check(kb: KnowledgeBase, muni: Municipality, standards: Sequence[str], question: str) -> Answer | None:
    """A length the question states, compared with a limit of the code (``stated_limits`` of question_forms.yml:
    "floor is 4 ft below grade. can i rent it out as a unit?" -> "No. 4 ft is more than the three feet six inches …");
    None when the question states no such length or the code sets no such limit."""
    from knowledge import parsing

    # ("code says floor cant be more than 'three feet six inches below …'. ours is like 7 feet down": the code's words, then ours)
    lowered = parsing.words_to_digits(_QUOTED_WORDS.sub(" ", " ".join(question.lower().split())))
    for key, spec in question_form.STATED_LIMITS.items():
        if key not in standards:
            continue
        standard = kb.standard(muni.key, key)
        found = re.search(_STATED_LENGTH + f"(?:{spec['said']})", lowered)
        if standard is None or found is None or not isinstance(standard.value, (int, float)):
            continue
        excepted = _exception_sentence(kb, muni, standard, spec, question)
        if excepted:  # "… just my son sleeping down there, we own and live in the house": the section's exception answers
            # ("what if its my own son sleeping down there?": the last question again, with a new circumstance)
            yes = question_form.question_kind(question) == "yes_no" or question_form.WHAT_IF_INSTEAD.search(question) is not None
            lead = f"Yes, on an exception the {muni.name} code makes to that limit:" if yes else (
                f"The {muni.name} code makes an exception to that limit:"
            )
            section = kb.section(muni.key, standard.citation)
            lines = [lead, source_line(section.full_citation, shorten(excepted))]
            return _standard_answer(muni, standard, section, lines, compared={"exception": True})
        stated = float(found.group(1)) + (float(found.group(2)) / 12 if found.group(2) else 0.0)
        beyond = stated > standard.value if spec["limit"] == "max" else stated < standard.value
        shown = parsing.fmt_feet(stated)
        word = ("more" if spec["limit"] == "max" else "less") if beyond else ("not more" if spec["limit"] == "max" else "not less")
        # (within the limit, the provision's other conditions still apply: "yes" on this figure only)
        opening = ("No. " if beyond else "On that figure, yes: ") if question_form.question_kind(question) == "yes_no" else ""
        lead = (
            f"{opening}{shown} is {word} than the {standard.value_text} the {muni.name} code allows. In the "
            f"{muni.name}, {standard_line(kb, standard)}."
        )
        return _compared(kb, muni, standard, lead, compared={"stated": stated, "limit": standard.value, "beyond": beyond})
    return None


def _exception_sentence(kb: KnowledgeBase, muni: Municipality, standard: Any, spec: Any, question: str) -> str | None:
    """The sentence of its limit's section that makes the exception a question names (``exception`` of a
    ``stated_limits`` entry: "… any basement or cellar space may be used as a sleeping room by members of the immediate
    family of a resident owner …"); None when it names none."""
    from knowledge.sentences import split_sentences

    exception = spec.get("exception") if isinstance(spec, dict) else None
    if not exception or not re.search(str(exception["unless"]), question, re.IGNORECASE):
        return None
    asking = question_form.story_and_question(question)[1]
    if re.search(str(exception.get("not_told") or "(?!)"), question, re.I) or re.search(str(exception.get("not_asked") or "(?!)"), asking, re.I):
        return None  # "I rent a bedroom in the basement … the owner lives upstairs": not the owner's family
    try:
        section = kb.section(muni.key, standard.citation)
    except KnowledgeBaseError:
        return None
    return next((s for s in split_sentences(section.text) if re.search(str(exception["provision"]), s, re.IGNORECASE)), None)


_OUTLETS = question_form._pattern("stated_outlets")
_NO_FIXTURE = question_form._pattern("no_fixture")
_HAS_FIXTURE = question_form._pattern("has_fixture")
_OUTLETS_AS_RULE = question_form._pattern("outlets_as_rule")


def outlet_check(kb: KnowledgeBase, muni: Municipality, standards: Sequence[str], question: str) -> Answer | None:
    """The outlets (and light fixture) a question counts in a room, against the code's outlets per habitable room
    ("my bedroom has one outlet and no light fixture. is that allowed?" -> "No. …"); None when it counts none, or the
    code sets no such figure, or a lone outlet's light fixture is not said either way."""
    from knowledge import parsing

    standard = kb.standard(muni.key, "habitable_room_min_outlets") if "habitable_room_min_outlets" in standards else None
    lowered = parsing.words_to_digits(" ".join(question.lower().split()))
    found = _OUTLETS.search(lowered)
    if standard is None or found is None or not isinstance(standard.value, (int, float)):
        return None
    if _OUTLETS_AS_RULE.search(lowered[: found.start()]) or beyond_reach(question, standard.quote):
        return None  # "Does Holland's requirement of two … outlets … apply to …?": the rule's count, not the room's (nor
        # "… power line is like 500 ft away. do i still need 2 outlets per room?": the rule does not reach it)
    count = int(found.group(1)) if found.group(1).isdigit() else 1
    fixture_counts = "fixture" in standard.quote.lower()  # "… or one such convenience outlet and one supplied … fixture"
    fixture = False if _NO_FIXTURE.search(lowered) else (True if _HAS_FIXTURE.search(lowered) else None)
    if count >= standard.value:
        enough = True
    elif count == standard.value - 1 and fixture_counts:
        if fixture is None:
            return None
        enough = fixture
    else:
        enough = False
    said = f"{count} outlet{'' if count == 1 else 's'}" + (" and no light fixture" if fixture is False else " and a light fixture" if fixture else "")
    # "doesn't there have to be another outlet or a light?" asks whether more is required: "Yes" when it falls short
    asking = question_form.SECOND_ALTERNATIVE.split(question_form.story_and_question(question)[1], maxsplit=1)[0]  # the first asks
    # ... and so does "is my landlord supposed to fix that?"
    more = bool(question_form.OBLIGATION.search(asking) and question_form.ASKS_FOR_MORE.search(asking)) or fails_asked(asking)
    opening = ("Yes. " if enough != more else "No. ") if question_form.question_kind(question) == "yes_no" else ""
    lead = (
        f"{opening}With {said}, the room {'meets' if enough else 'falls short of'} what the {muni.name} code asks of a "
        f"habitable room. In the {muni.name}, {standard_line(kb, standard)}."
    )
    return _compared(kb, muni, standard, lead, compared={"outlets": count, "fixture": fixture, "enough": enough})


# A ceiling height the question states ("the ceiling is 7 ft flat", "7' ceilings", "slopes down to about 3 ft").
_CEILING_HEIGHT = re.compile(
    r"\bceilings?\b[^.?!\d]{0,40}?(?P<after>\d+(?:\.\d+)?(?:\s*1/2)?\s*(?:'|ft\b|feet|foot)(?:\s*\d+\s*(?:\"|''|in\b|inch(?:es)?))?)"
    r"|(?P<before>\d+(?:\.\d+)?(?:\s*1/2)?\s*(?:'|ft\b|feet|foot)(?:\s*\d+\s*(?:\"|''|in\b|inch(?:es)?))?)\s*(?:high\s+|tall\s+)?ceilings?\b",
    re.I,
)
CEILING_RANGE_FT = (2.0, 15.0)
_THRESHOLD_BEFORE = re.compile(r"\b(?:than|at least|minimum|min|maximum|max)\s*$", re.I)


def stated_ceiling(question: str) -> float | None:
    """The one ceiling height (in feet) a question states, or None (none, or more than one)."""
    from knowledge.parsing import parse_length
    from knowledge.parsing.numbers import words_to_digits

    heights: dict[float, float] = {}
    question = words_to_digits(question)  # "a sloped ceiling of four feet six inches"
    question = re.sub(r"\s+and an? half\b|\s*½", " 1/2", question, flags=re.I)  # "6 and a half feet"
    for match in _CEILING_HEIGHT.finditer(question):
        group = "after" if match.group("after") else "before"
        if _THRESHOLD_BEFORE.search(question[max(0, match.start(group) - 20) : match.start(group)]):
            continue  # "a ceiling lower than five feet": the code's threshold, asked about, not a ceiling's height
        text = match.group(group).replace("''", '"')
        half = " 1/2" in text or "1/2" in text
        feet = parse_length(re.sub(r"\s*1/2", "", text).strip())
        if feet is not None:
            feet += 0.5 if half else 0.0
            if CEILING_RANGE_FT[0] <= feet <= CEILING_RANGE_FT[1]:
                heights[round(feet, 3)] = feet
    return next(iter(heights.values())) if len(heights) == 1 else None


def ceiling_check(kb: KnowledgeBase, muni: Municipality, standards: Sequence[str], question: str) -> Answer | None:
    """A room's ceiling the question describes, checked against the code's: the half-the-floor rule for a room it
    sizes with the floor under a full-height ceiling ("12x14, only 60 sq ft of it 7 1/2 ft or higher, ok?"), or
    a stated height compared with the minimum ("the ceiling is 7 ft flat, good enough?" -> "No. A 7 ft ceiling
    is below the 7 ft 6 in …"); None without such inputs or ceiling figures in this code."""
    from knowledge import parsing, space

    if not {"ceiling_height_min_ft", "floor_excluded_below_ft"} & set(standards):
        return None
    request = parsing.parse_space_request(question)
    rooms = [room for room in request.rooms if room.ok]
    height = stated_ceiling(question)
    asking = question_form.story_and_question(question)[
        1
    ]  # "… 60 sq ft of it is 7 1/2 ft or higher. does that meet code?"
    asking_kind = question_form.question_kind(asking)
    if len(rooms) == 1 and request.tall_ceiling_sqft is not None:
        result = space.ceiling(
            kb, muni.key, rooms[0], tall_area=request.tall_ceiling_sqft, low_area=request.low_ceiling_sqft
        )
        if result.verdict in (space.MEETS, space.FAILS):
            return space.yes_no_first(space.to_answer(result), asking)
        return None
    shared = None if rooms else _full_height_share(kb, muni, question)
    if shared is not None:  # "only about 40% of the floor has 7'6 or more headroom. problem?"
        return shared
    if height is None or rooms or request.low_ceiling_sqft:
        return None
    minimum = kb.standard(muni.key, "ceiling_height_min_ft")
    excluded = kb.standard(muni.key, "floor_excluded_below_ft")
    shown = space.fmt_height(height)
    lines: list[str] = []
    used = []
    words = asking.lower().split()
    # "does the whole floor count toward the sq ft?" opens as a yes/no question, whatever figure it names
    yes_no = asking_kind == "yes_no" or (words[:1] and words[0] in question_form.YES_NO_STARTS)
    if excluded is not None and excluded.value and height < excluded.value:
        opening = "No. " if yes_no else ""
        lines.append(
            f"{opening}Floor under a ceiling of {shown} does not count: in the {muni.name}, floor where the ceiling is "
            f"lower than {excluded.value_text} is not counted toward the maximum permissible occupancy."
        )
        used.append(excluded)
    elif minimum is not None and minimum.value:
        below = height < minimum.value - 1e-6
        says_no = below != fails_asked(asking)  # (but "… only about 7 feet … is that too low?": yes, it is)
        opening = ("No. " if says_no else "Yes. ") if yes_no else ""
        share = kb.standard(muni.key, "ceiling_share_of_floor")
        over = f" over at least {share.value_text} of the floor" if share is not None else ""
        lines.append(
            f"{opening}A ceiling of {shown} is {'below' if below else 'not below'} the {minimum.value_text} the "
            f"{muni.name} code requires{over} of every habitable room."
        )
        used.append(minimum)
    if not used:
        return None
    sections = []
    for standard in used:
        section = kb.section(muni.key, standard.citation)
        sections.append(section)
        lines.append(f"In the {muni.name}, {standard_line(kb, standard)}.")
        lines.append(source_line(section.full_citation, shorten(standard.quote)))
    payload = {
        "municipality": muni.key,
        "addressed": True,
        "lead": {"kind": "standard", "citation": used[0].citation},
        "standards": [standard_payload(s) for s in used],
        "compared": {"stated_ft": height},
        "citations": [citation_payload(s) for s in sections],
    }
    return Answer("\n".join(lines), payload)


# a share of the floor the question states ("only about 40% of the floor"), in percent
_FLOOR_SHARE = re.compile(r"\b(\d{1,3}(?:\.\d+)?)\s*(?:%|percent)\s*(?:of\s+(?:the\s+|my\s+|our\s+)?(?:floor|room|space|area))?", re.I)


def _full_height_share(kb: KnowledgeBase, muni: Municipality, question: str) -> Answer | None:
    """The share of the floor under a full-height ceiling the question states, compared with the code's share
    ("only about 40% of the floor has 7'6 or more headroom. problem?": "Yes. 40% … is less than the 1/2 …"); None
    without a stated share, a full-height phrase (people.yml ``space_parts.tall_ceiling``) or the code's share."""
    from knowledge.parsing import people_vocab
    from knowledge.parsing.household import asks_inadequate

    vocab = people_vocab()
    # (the floor of a room named as the room: "only about a third of the bedroom has 7 feet of headroom")
    rooms = "|".join(re.escape(str(w)) for w in ("floor", "space", "area", *vocab["space_kinds"]["bedroom"]))
    for words, percent in (vocab["space_parts"].get("floor_fractions") or {}).items():  # "a third of the floor": 33.3%
        question = re.sub(rf"\b{re.escape(str(words))} of (?=(?:the |my |our |this |that )?(?:{rooms})\b)", f"{percent:g}% of ", question, flags=re.I)
    found = _FLOOR_SHARE.search(question)
    standard = kb.standard(muni.key, "ceiling_share_of_floor")
    lowered = " ".join(question.lower().split())
    if found is None or standard is None or not standard.value or not has_phrase(lowered, vocab["space_parts"].get("tall_ceiling") or ()):
        return None
    asking = question_form.story_and_question(question)[1]
    if question_form.question_kind(asking) == "figure" and _FLOOR_SHARE.search(asking):
        return None  # "How high is the ceiling supposed to be over at least half of the room?": the height is asked
    share = float(found.group(1)) / 100
    ok = share >= float(standard.value) - 1e-9
    negative = asks_inadequate(lowered, question_form.story_and_question(question)[1])  # "problem?", "too low?"
    word = ("No" if ok else "Yes") if negative else ("Yes" if ok else "No")
    section = kb.section(muni.key, standard.citation)
    lines = [
        f"{word}. {found.group(1)}% of the floor with a full-height ceiling is {'at least' if ok else 'less than'} the "
        f"{standard.value_text} of the floor the {muni.name} code requires in every habitable room.",
        f"In the {muni.name}, {standard_line(kb, standard)}.",
        source_line(section.full_citation, shorten(standard.quote)),
    ]
    payload = {
        "municipality": muni.key,
        "addressed": True,
        "lead": {"kind": "standard", "citation": standard.citation},
        "standards": [standard_payload(standard)],
        "compared": {"stated_share": share},
        "citations": [citation_payload(section)],
        "yes_no": word.lower(),
    }
    return Answer("\n".join(lines), payload)


def ceiling_answer(kb: KnowledgeBase, municipality: str, question: str) -> Answer | None:
    """:func:`ceiling_check` with the ceiling figures of whichever topic holds them (vocab.yml ``topic_config``):
    a question that states a ceiling height or a full-height area gets the check, whatever topic it was taken for."""
    muni = kb.municipality(municipality)
    for config in kb.topic_configs().values():
        if {"ceiling_height_min_ft", "floor_excluded_below_ft"} & set(config.standards):
            answer = ceiling_check(kb, muni, config.standards, question)
            if answer is not None:
                return answer
    return None


# How long a violation went on ("if the violation went on 5 days", "for a week", "2 weeks").
_DAYS = re.compile(
    r"\b(\d{1,3})\s*(?:-\s*)?days?\b|\b(\d{1,2})\s*weeks?\b|\ba (?:whole |full )?week\b"
    r"|\b(\d{1,2})\s*months?\b|\b(a) (?:whole |full )?month\b",
    re.I,
)
# A month counted as this many days (said in the answer: "a month (30 days)").
MONTH_DAYS = 30
# A message this short on the fines topic asks about a fine without saying so ("and if it goes on 2 weeks?").
FINE_FOLLOW_UP_MAX_WORDS = 10
_FINE_ASKED = re.compile(r"\b(?:fines?|fined|penalt\w*|forfeit\w*|how much|cost|owe|\$)", re.I)
_EACH_DAY = re.compile(r"[^.]*\beach day\b[^.]*\bseparate offen[cs]e\b[^.]*\.", re.I)


def fine_for_days(kb: KnowledgeBase, muni: Municipality, standards: Sequence[str], question: str) -> Answer | None:
    """The most a violation that went on for the days the question states may cost, where the code makes each day a
    separate offense (its fine standard's ``each_day_separate`` param, and the sentence saying so in its section):
    "howard fine … if the violation went on 5 days" -> "Up to 5 × $200 = $1,000"; None otherwise."""
    standard = kb.standard(muni.key, "fine_max") if "fine_max" in standards else None
    if standard is None or not standard.value or not (standard.params or {}).get("each_day_separate"):
        return None
    found = _DAYS.search(question)
    # a fine asked, or a short follow-up on the fines ("and if it goes on 2 weeks?"); not "I moved out 6 weeks ago"
    asked = _FINE_ASKED.search(question) or len(question.split()) <= FINE_FOLLOW_UP_MAX_WORDS
    if not found or not asked or re.match(r"\s*ago\b", question[found.end() :], re.I):
        return None
    months = int(found.group(3)) if found.group(3) else 1 if found.group(4) else 0
    days = months * MONTH_DAYS or (int(found.group(1)) if found.group(1) else 7 * int(found.group(2) or 1))
    section = kb.section(muni.key, standard.citation)
    each_day = _EACH_DAY.search(section.text)
    if days < 2 or each_day is None:
        return None
    total = days * standard.value
    # "someone told me the most he can be fined is $200 total. is that true?": a total said that is less is wrong
    said = [float(n.replace(",", "")) for n in re.findall(r"\$\s*(\d[\d,]*(?:\.\d+)?)", question)]
    opening = "No. " if said and max(said) < total and disputed_claim(question_form.story_and_question(question)[1]) else ""
    lines = [
        f"{opening}Up to {days} × {standard.value_text} = ${total:,.0f}"
        + (f" for {months} month{'s' if months > 1 else ''} counted as {days} days" if months else "")
        + ": each day a violation continues is a separate offense. "
        f"In the {muni.name}, {standard_line(kb, standard)}.",
        source_line(section.full_citation, each_day.group(0).strip()),
        source_line(section.full_citation, shorten(standard.quote)),
    ]
    return _standard_answer(muni, standard, section, lines, computed={"days": days, "per_offense": standard.value, "total": total})


def temperature_topic(kb: KnowledgeBase, municipality: str, question: str, topics: Sequence[str]) -> str | None:
    """The first of ``topics`` (the one asked, then the classifier's next guesses) whose temperature this code
    requires is the one a question's stated temperature is compared with ("turned water heater down to 110, legal or
    no?": hot water, though taken for shut-offs); None without a stated temperature such a topic compares."""
    muni = kb.municipality(municipality)
    for topic in dict.fromkeys(t for t in topics if t and t in kb.topics()):
        standard, stated = _stated_and_required(kb, muni, kb.topic_config(topic).standards, question)
        if standard is not None and stated is not None:
            if stated > standard.value and names_a_side(question, kb.fact_vocabulary()):
                return None  # "… cranking the thermostat to 85 … Is it really on me to run the heat properly?": whose duty
            return topic  # compared, or the code's own figure named ("have to keep the heat at 70?")
    return None
