"""Does a thing fall under a defined term? ("is a kitchen a 'habitable room'?", "land contract buyer counts
as 'owner'?", "is a property manager acting as agent considered the 'owner'?")

The definition's own clause decides: the clause that contains most of the thing the question names
(its words, through the synonym table) answers "Yes" when it names it, and "No" when an exclusion comes
before it in that clause ("excluding bathrooms") or the clause denies what it names ("shall not be construed
to be the owner"). When no clause names enough of it, there is no verdict and the definition is shown as
it is. The words are data: ``definition_membership`` in ``knowledge/vocab.yml``.
"""

from __future__ import annotations

import re

from knowledge import facts as facts_module
from knowledge import question_form, selector
from knowledge.compose.answer import Answer
from knowledge.compose.capacity import asks_if_bound, capacity_term, capacity_thing
from knowledge.compose.lookups import answer_definition, definition_citations
from knowledge.compose.term_names import named_term, term_names
from knowledge.kb import KnowledgeBase
from knowledge.parsing.numbers import NUMBER_WORDS
from knowledge.question_form import OBLIGATION, YES_NO_STARTS
from knowledge.records import Definition
from knowledge.titles import named_titles
from knowledge.yes_no_forms import first_asked, first_question, sends_to_asked

_WORD = re.compile(r"[a-z0-9]+")
# a definition's clauses: its sentences, its ";" parts and its items ("...: A. Shall have …; or B. …", "(1) …")
_CLAUSE_BREAK = re.compile(r"(?<=[.;:])\s+(?=[A-Z(\"“])|;\s*|\s(?=\(\d+\)\s)")


def _opens_yes_no(words: list[str], within: int = 3) -> bool:
    """Whether the first yes/no or wh-word among the first ``within`` words is a yes/no one ("is a kitchen …")."""
    return next((w for w in words[:within] if w in YES_NO_STARTS or w in selector.WH_WORDS), None) in YES_NO_STARTS


def asks_membership(kb: KnowledgeBase, question: str) -> bool:
    """Whether a question asks if something falls under a term: a yes/no opening of the message, of its asking
    sentence or of its last clause ("is a kitchen a …", "… on a land contract. Does the housing code treat me as the
    owner?", "buying a house on land contract …, am i the owner under the code?") or one of
    ``definition_membership.asks`` ("counts as", "considered"); not a sentence asking whether there is a rule."""
    config = kb.meta("definition_membership") or {}
    words = _WORD.findall(question.lower().replace("'", ""))
    lowered = " " + " ".join(words) + " "
    asking = _WORD.findall((question_form.story_and_question(question)[1] or question).lower().replace("'", ""))
    if any(" ".join(asking).startswith(" ".join(_WORD.findall(str(p))) + " ") for p in config.get("not_asking") or ()):
        return False  # "… is there a minimum size for a bedroom?" asks whether there is a rule, not what a term covers
    last = _WORD.findall(re.split(r"[,;:]", question.lower().replace("'", ""))[-1])
    if _opens_yes_no(words) or _opens_yes_no(asking) or (len(last) >= 3 and _opens_yes_no(last, 2)):
        return True
    if set(asking[:2]) & question_form.WH_WORDS or (len(last) >= 3 and set(last[:1]) & question_form.WH_WORDS):
        # "What constitutes a quorum of Muskego's Board …?", "… on a land contract, who is the owner …?": what or who
        return False
    return any(f" {phrase} " in lowered for phrase in config.get("asks") or ())


_IS_WORDS = frozenset({"is", "are", "isnt", "arent"})


def _asks_what_it_is(kb: KnowledgeBase, question: str) -> bool:
    """Whether the sentence that asks, asks what the thing told is ("does that make it a rooming house?", "does that
    count as …?"), not only whether some rule applies ("do i need a rooming house permit?")."""
    config = kb.meta("definition_membership") or {}
    asking = " " + " ".join(_WORD.findall((question_form.story_and_question(question)[1] or question).lower().replace("'", ""))) + " "
    phrases = [*(config.get("asks") or ()), *(config.get("asks_of_it") or ())]
    return any(f" {' '.join(_WORD.findall(str(p).lower()))} " in asking for p in phrases)


# The most words between an asking verb of ``asks_around`` and its "as" ("count the dining room as a bedroom").
ASKS_AROUND_GAP = 8


def membership_term(kb: KnowledgeBase, question: str, municipality: str) -> str | None:
    """The defined term of this code the sentence that asks puts something under, named right after the asking words
    (``definition_membership`` ``asks`` and ``asks_of_it``): "… Does that already count as an infestation?",
    "… Is it a basement?"; None otherwise."""
    config = kb.meta("definition_membership") or {}
    asking = first_question(question)  # the first of two questions when it asks whether ("does … constitute a nuisance, and …")
    asking = asking if selector.question_kind(asking) == "yes_no" else question_form.story_and_question(question)[1] or question
    words = _WORD.findall(asking.lower().replace("'", ""))
    skip = set(config.get("before_term") or ())
    after = set(config.get("after_term") or ())
    clause = set(config.get("after_term_clause") or ())
    terms = term_names(kb, municipality)
    # the term after the asking words ("counts as an infestation"), not "does the heat rule include the basement?"
    phrases = [p for p in config.get("asks") or () if not str(p).startswith("includ")]
    if selector.question_kind(asking) == "figure":
        phrases += list(config.get("asks_in_figure") or ())
    # ... or the thing between the asking verb and "as" ("can i count the dining room as a bedroom …?")
    split = [(w, "as") for w in config.get("asks_around") or ()]
    for phrase in [*phrases, *(config.get("asks_of_it") or ()), *split]:
        wanted = _WORD.findall(str(phrase).lower()) if isinstance(phrase, str) else list(phrase)
        for start in range(len(words) - len(wanted) + 1):
            if isinstance(phrase, tuple):
                gap = words[start + 1 : start + 2 + ASKS_AROUND_GAP]
                if words[start] != phrase[0] or "as" not in gap[1:] or gap[gap.index("as", 1) - 1] in ("same", "such", "just"):
                    continue  # (not "treat hotels the same as rooming houses": a comparison)
                rest = words[start + 2 + gap.index("as", 1) :]
            elif words[start : start + len(wanted)] != wanted:
                continue
            else:
                rest = words[start + len(wanted) :]
            while rest and rest[0] in skip:
                rest = rest[1:]
            for size in (3, 2, 1):
                named = " ".join(rest[:size])
                term = named_term(terms, named)
                tail = rest[size:]
                if term and len(rest) >= size and (all(w in after for w in tail) or (bool(tail) and tail[0] in clause)):
                    return term
    opening = next((i for i, w in enumerate(words[:3]) if w in _IS_WORDS), None)
    if opening is None:  # "does howards code even consider a laundry room a habitable room?": the verb, with no "as"
        around = {str(w) for w in config.get("asks_around") or ()}
        opening = next((i for i, w in enumerate(words) if w in around), None)
    linking = set(config.get("not_before_term") or ())
    if opening is not None and words[opening + 1 : opening + 2] != ["there"]:
        # "dresser - is cramming too many ppl in one room a nuisance under the village code?": the term itself by its own
        # name, after the thing (not "is that allowed for a bedroom?", "… legal to rent as an apartment?")
        for start in range(len(words) - 2, opening + 1, -1):  # the last "a"/"an" before the term that ends the sentence
            if words[start] not in ("a", "an"):
                continue
            for size in (3, 2, 1):
                named = " ".join(words[start + 1 : start + 1 + size])
                term = named_term(terms, named)
                own = term is not None and " ".join(_WORD.findall(term.lower())) in (named, named[:-1])
                if own and words[start - 1] not in linking and all(w in after or w == municipality for w in words[start + 1 + size :]):
                    return term
            break
    defined = set(terms.values())
    # "does our newborn count in that?": an occupant or not; "im the property mgr … does the code even apply to me": the owner
    return next((term for term in counted_as(kb, asking) if term in defined), None) or capacity_term(kb, question, municipality)


def counted_as(kb: KnowledgeBase, asking: str) -> list[str]:
    """The terms a sentence asks whether someone counts as ("does the baby count as a occupant …": occupant), by
    ``counts_as_term`` in vocab.yml, in its order; none when it asks no such thing."""
    config = kb.meta("definition_membership") or {}
    return [str(i["term"]) for i in config.get("counts_as_term") or () if re.search(str(i["pattern"]), asking, re.IGNORECASE)]


def _weighed_thing(
    kb: KnowledgeBase, question: str, term: str, municipality: str | None = None, named_only: bool = False
) -> list[tuple[tuple[tuple[str, ...], ...], float]]:
    """The thing the question asks about: its concepts (alternative stem tuples) without the term's own words, the
    ignored words of such questions and the words that name no thing (places, "allowed"), each with what it weighs in
    the municipality's code (the selector's weight: a rare word like "land contract" more than "renting"); 1 each
    without a municipality."""
    config = kb.meta("definition_membership") or {}
    term_stems = set(selector.tokens(term))
    ignored = set(selector.tokens(" ".join(config.get("ignore_words") or ())))
    generic = set(selector.tokens(" ".join(config.get("generic_words") or ())))
    unasked = selector.unasked_words(kb)
    thing: list[tuple[tuple[tuple[str, ...], ...], selector.Concept]] = []
    for concept in selector.concepts(question, kb.concept_phrases()):
        own = set(selector.tokens(concept.words))
        if concept.words in unasked or not own or own <= term_stems | ignored:
            continue
        alternatives = tuple(
            a for a in concept.alternatives if a and not set(a) <= term_stems and (a == concept.alternatives[0] or not set(a) <= generic)
        )
        if alternatives:
            thing.append((alternatives, concept))
    thing = capacity_thing(kb, question, term, thing)  # "my property mgr handles my rental": the manager, not the rental
    # (``named_only``: "My mom's apartment … has a small laundry room. Does that count as …?": the laundry, not the apartment)
    thing = [t for t in thing if not set(selector.tokens(t[1].words)) <= generic] or thing if named_only else thing
    if municipality is None:
        return [(alternatives, 1.0) for alternatives, _ in thing]
    weights = selector.concept_weights(kb, [c for _, c in thing], selector.index(kb, municipality))
    return [(alternatives, weight) for (alternatives, _), weight in zip(thing, weights)]


def _first_position(stems: list[str], alternative: tuple[str, ...]) -> int | None:
    """Where the alternative's words first all appear in a clause (the position of its first word)."""
    if not all(s in stems for s in alternative):
        return None
    return stems.index(alternative[0])


def clauses(text: str) -> list[str]:
    """A definition's clauses; a parenthetical one ("(Bathroom +80°).") stays with the one before it."""
    out: list[str] = []
    for clause in (c.strip() for c in _CLAUSE_BREAK.split(text)):
        if clause and clause.startswith("(") and out and not re.match(r"\([0-9a-z]{1,4}\)\s", clause):
            out[-1] = f"{out[-1]} {clause}"
        elif clause:
            out.append(clause)
    return out


def _best_clause(
    kb: KnowledgeBase, question: str, term: str, text: str, municipality: str | None = None
) -> tuple[float, str, int] | None:
    """(share of the thing named, clause, position of its heaviest word) for the clause of the definition that names
    most of what the question asks about beyond the term itself; with a municipality, the share is of the thing's weight
    in its code (or, asked yes or no whether it is the term, of the things it names beside places, where that is more)."""
    asking = question_form.story_and_question(question)[1] or question
    readings = (False, True) if selector.question_kind(asking) == "yes_no" and _asks_what_it_is(kb, question) else (False,)
    found = [_best_of(_weighed_thing(kb, question, term, municipality, named), text) for named in readings]
    return max((f for f in found if f is not None), key=lambda f: f[0], default=None)


def _best_of(thing: list[tuple[tuple[tuple[str, ...], ...], float]], text: str) -> tuple[float, str, int] | None:
    total = sum(weight for _, weight in thing)  # (the thing's weighed concepts against each clause of ``text``)
    if not thing or total <= 0:
        return None
    best: tuple[float, str, int] | None = None
    for clause in clauses(text):
        stems = [selector.stem(w) for w in _WORD.findall(clause.lower())]
        positions: list[tuple[float, int]] = []
        named = 0.0
        for alternatives, weight in thing:
            found = [p for p in (_first_position(stems, a) for a in alternatives) if p is not None]
            if found:
                positions.append((weight, min(found)))
                named += weight
        share = named / total
        if positions and (best is None or share > best[0]):
            # where its heaviest word stands ("is a laundry room a 'habitable room'?": "laundries", not "floor space")
            best = (share, clause, max(positions, key=lambda p: (p[0], -p[1]))[1])
    return best


_UNIT_COUNT = re.compile(
    r"\b(more than|at least|not more than|fewer than)?\s*(\w+)( or more| or fewer)?\s+dwelling units?\b", re.IGNORECASE
)


def _count(word: str) -> int | None:
    """A count written in digits or in words ("4", "four"); None for another word."""
    word = word.lower()
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word)


def by_unit_count(kb: KnowledgeBase, question: str, text: str) -> tuple[str, str] | None:
    """A definition by a number of dwelling units ("Any dwelling containing more than two dwelling units")
    against the building the question describes ("my duplex", "a 6-unit building")."""
    units = facts_module.read(question, kb.fact_vocabulary()).get("units_in_building")
    if not isinstance(units, int):
        return None
    for clause in clauses(text):
        for match in _UNIT_COUNT.finditer(clause):
            before, word, after = (match.group(1) or "").lower(), match.group(2).lower(), (match.group(3) or "").strip()
            bound = _count(word)
            if bound is None or not (before or after):
                continue
            meets = {
                "more than": units > bound,
                "at least": units >= bound,
                "not more than": units <= bound,
                "fewer than": units < bound,
                "or more": units >= bound,
                "or fewer": units <= bound,
            }[before or after]
            return ("Yes" if meets else "No"), clause
    return None


# A definition by a number of rooms ("… sleeping accommodations are offered for pay to transients, in five or more
# rooms"), and the rooms a question tells ("… to transients in four rooms").
# A rooming house is also defined by its rooming units ("containing one or more rooming units in which space is let"):
# "renting 1 room in my house to a guy … does that make it a rooming house?" (a let room is a rooming unit).
_ROOM_COUNT = re.compile(r"\b(\w+) or (more|fewer) rooms\b", re.IGNORECASE)
_ROOMING_UNIT_COUNT = re.compile(r"\b(\w+) or (more|fewer) (?:rooms|rooming units)\b", re.IGNORECASE)
_ROOMS_TOLD = re.compile(rf"\b(\d+|{'|'.join(sorted(NUMBER_WORDS, key=len, reverse=True))})(?: [a-z]+)? rooms?\b", re.IGNORECASE)


def by_room_count(question: str, text: str, rooming_units: bool = False) -> tuple[str, str] | None:
    """A definition by a number of rooms against the rooms the question tells ("Under the City of Muskego definitions,
    is a dwelling offering sleeping accommodations … in four rooms a hotel?": "No", a hotel has five or more); with
    ``rooming_units`` (the question asks whether the thing is the term), by its rooming units too."""
    told = [t for t in (_count(m.group(1)) for m in _ROOMS_TOLD.finditer(question)) if t]
    if len(told) != 1:
        return None
    for clause in clauses(text):
        found = (_ROOMING_UNIT_COUNT if rooming_units else _ROOM_COUNT).search(clause)
        bound = found and not _PERSON_COUNT.search(clause) and _count(found.group(1))  # (persons counted: by_person_count)
        if bound:
            meets = told[0] >= bound if found.group(2).lower() == "more" else told[0] <= bound
            return ("Yes" if meets else "No"), clause
    return None


def _share_pattern() -> str:
    words = sorted((question_form._FORMS.get("share_words") or {}), key=len, reverse=True)
    return r"(\d+(?:\.\d+)?\s*(?:%|percent)|\d+/\d+|" + "|".join(re.escape(str(w)) for w in words) + r")"


def _share_value(said: str) -> float:
    said = said.lower().strip()
    if said.endswith(("%", "percent")):
        return float(re.sub(r"[^\d.]", "", said)) / 100
    if "/" in said:
        top, bottom = said.split("/")
        return int(top) / int(bottom)
    return float(question_form._FORMS["share_words"][said])


# A whole height and the part of it below (or above) grade, in feet ("an 8-foot … height, 3 feet of which lies below …").
_HEIGHT_PART = re.compile(
    r"\b(\d+(?:\.\d+)?)[- ]?(?:foot|feet|ft)\b[^.?;]{0,60}?\b(\d+(?:\.\d+)?)\s*(?:feet|foot|ft)\b[^.?;]{0,40}?\b(below|above|under|underground)\b",
    re.IGNORECASE,
)


def by_share(question: str, text: str) -> tuple[str, str] | None:
    """A definition by a share of a height below (or above) grade ("BASEMENT — … having 1/2 or more of its clear
    floor-to-ceiling height below the average grade …") against the share the question tells ("… a lower level has 40
    percent of its floor-to-ceiling height below the average adjoining grade. Is it a basement?": "No")."""
    share = _share_pattern()
    told = re.search(rf"\b(less than|more than|under|over|about|roughly)?\s*{share}(?!\w)[^.?;]{{0,60}}?\b(below|above|under|underground)\b", question, re.I)
    heights = _HEIGHT_PART.search(question) if told is None else None  # "an 8-foot floor-to-ceiling height, 3 feet of which …"
    if told is None and (heights is None or not 0 < float(heights.group(2)) < float(heights.group(1))):
        return None
    if told is not None:
        value = _share_value(told.group(2)) + {"less than": -0.001, "under": -0.001, "more than": 0.001, "over": 0.001}.get((told.group(1) or "").lower(), 0.0)
        side = "above" if told.group(3).lower() == "above" else "below"
    else:
        value = float(heights.group(2)) / float(heights.group(1))
        side = "above" if heights.group(3).lower() == "above" else "below"
    for clause in clauses(text):
        found = re.search(rf"\b(less than|more than)?\s*{share}\s*(or more|or less)?\s+of its\b[^.;]*?\b(below|above)\b", clause, re.I)
        if found is None:
            continue
        bound = _share_value(found.group(2))
        asked = value if found.group(4).lower() == side else 1 - value
        meets = {"less than": asked < bound, "more than": asked > bound, "or more": asked >= bound, "or less": asked <= bound}
        return ("Yes" if meets[(found.group(1) or found.group(3) or "or more").lower()] else "No"), clause
    return None


# A definition by a number of persons, and whom it leaves out ("… let … to three or more persons who are not husband or
# wife, son or daughter, …").
_PERSON_COUNT = re.compile(r"\bto (\w+) or more persons\b(?: who are not\b([^.;]*))?", re.IGNORECASE)


def by_person_count(kb: KnowledgeBase, question: str, text: str) -> tuple[str, str] | None:
    """A definition by a number of persons ("… space is let … to three or more persons who are not husband or wife, son
    or daughter …") against the people the question counts ("rents rooms to two unrelated boarders": No; "only to his
    two adult sons": No, they are left out); None when the definition or the question counts none."""
    from knowledge.parsing import words_to_digits

    nouns = [str(w) for w in (kb.meta("definition_membership") or {}).get("counted_persons") or ()]
    if not nouns:
        return None
    said = re.finditer(rf"\b(\d+)\s+(?:[a-z]+\s+){{0,2}}({'|'.join(map(re.escape, nouns))})\b", words_to_digits(question.lower()))
    counts = [(int(m.group(1)), m.group(2)) for m in said]
    if not counts:  # "… only to his brother and his sister": one each
        singles = re.findall(rf"\b(?:his|her|their|my|our|a|an|one|the owner'?s?)\s+({'|'.join(map(re.escape, nouns))})\b", question.lower())
        counts = [(1, noun) for noun in singles if not noun.endswith("s") or noun.endswith("ss")]
    if not counts:
        return None
    for clause in clauses(text):
        match = _PERSON_COUNT.search(clause)
        bound = _count(match.group(1)) if match else None
        if match is None or bound is None:
            continue
        left_out = set(re.findall(r"[a-z]+", (match.group(2) or "").lower()))
        counted = sum(n for n, noun in counts if noun not in left_out and noun.rstrip("s") not in left_out)
        return ("Yes" if counted >= bound else "No"), clause
    return None


_AGE_BOUND = re.compile(
    r"\b(over|more than|older than|under|less than|younger than|at least)\s+(\w+)\s+years?\s+(?:of age|old)\b", re.IGNORECASE
)
# an age the question gives as a bound ("an infant under one year", "kids over 12")
_ASKED_BOUND = re.compile(
    r"\b(under|less than|younger than|below|not yet|over|more than|older than|above)\s+(?:a|an|one|1)?\s*(\d+|\w+)?\s*"
    r"(years?|yrs?|months?|mos?)\b",
    re.IGNORECASE,
)


def _asked_age(question: str) -> tuple[float, float] | None:
    """The range of age (years) of the one person a question asks about: "my 6 month old" (0.5, 0.5), "an infant
    under one year" (0, 1); None when it gives no age or several."""
    from knowledge.parsing import parse_ages, people_vocab

    bound = _ASKED_BOUND.search(question)
    if bound is not None:
        word = (bound.group(2) or "one").lower()
        years = float(word) if word.isdigit() else NUMBER_WORDS.get(word, 1 if word in ("a", "an") else None)
        if years is not None:
            years = years / 12 if bound.group(3).lower().startswith("mo") else years  # "under twelve months"
            below = bound.group(1).lower() in ("under", "less than", "younger than", "below", "not yet")
            return (0.0, float(years)) if below else (float(years), 200.0)
    ages = parse_ages(question)
    if len(ages) == 1:
        return ages[0], ages[0]
    # "does a baby count as an occupant?": the ages the person's word spans (people.yml bands), from birth only
    vocab = people_vocab()
    named = {str(vocab["singular"].get(w) or vocab["plural"].get(w) or "") for w in re.findall(r"[a-z]+", question.lower())}
    young = [tuple(vocab["bands"][b]) for b in named if b and b in vocab["bands"] and vocab["bands"][b][0] == 0 and b not in ("child", "person")]
    return (0.0, float(young[0][1])) if len(young) == 1 else None


def age_verdict(question: str, text: str) -> tuple[str, str] | None:
    """A definition by age ("Any person, over one year of age, …") against the age the question gives ("does my 6 month
    old count as an occupant?": No)."""
    asked = _asked_age(question)
    if asked is None:
        return None
    low, high = asked
    for clause in clauses(text):
        for match in _AGE_BOUND.finditer(clause):
            word = match.group(2).lower()
            bound = float(word) if word.isdigit() else NUMBER_WORDS.get(word)
            if bound is None or low == high == bound:
                continue  # "my 1 year old" against "over one year of age": a year and some months is over it
            over = match.group(1).lower() in ("over", "more than", "older than", "at least")
            strict = match.group(1).lower() != "at least"
            if over:
                meets = low > bound or (not strict and low >= bound)
                fails = high < bound or (strict and high <= bound)
            else:
                meets = high < bound
                fails = low >= bound
            if meets or fails:
                return ("Yes" if meets else "No"), clause
            if over and low == 0:  # "does a baby count?" against "over one year of age": not until then
                return f"No, not until over {match.group(2)} year{'' if bound == 1 else 's'} of age", clause
    if not _AGE_BOUND.search(text):  # "Any person living, sleeping … in a dwelling unit": a person of any age
        anyone = next((c for c in clauses(text) if _ANY_PERSON.match(c)), None)
        return ("Yes", anyone) if anyone else None
    return None


# A definition's clause that opens on anyone at all ("Any person living, sleeping, cooking or eating in …").
_ANY_PERSON = re.compile(r"^\W*(?:any|every) (?:person|individual)\b", re.IGNORECASE)


def person_asked(kb: KnowledgeBase, question: str, term: str, text: str) -> tuple[str, str] | None:
    """("Yes", the clause) when the sentence that asks is whether a person the story tells of is a term whose
    definition takes any person ("tenant's brother moved in … is he an occupant …?", "… staying at my boyfriends most
    nights … does the village code count me as an occupant?": "Any person living, sleeping … in a dwelling unit");
    ``person_terms`` and ``person_asks`` of ``definition_membership``. An age told is weighed first (age_verdict)."""
    config = kb.meta("definition_membership") or {}
    if term.lower() not in {str(t).lower() for t in config.get("person_terms") or ()}:
        return None
    asking = (question_form.story_and_question(question)[1] or question).lower().replace("'", "")
    if not any(re.search(str(p), asking) for p in config.get("person_asks") or ()):
        return None
    anyone = next((c for c in clauses(text) if _ANY_PERSON.match(c)), None)
    return ("Yes", anyone) if anyone else None


def membership_verdict(
    kb: KnowledgeBase, question: str, term: str, text: str, municipality: str | None = None
) -> tuple[str, str] | None:
    """("Yes" or "No", the deciding clause) when the definition ``text`` of ``term`` settles whether the
    thing the question names falls under it; None otherwise. A question whether the thing is left out of the term
    ("is a newborn left out of 'occupant'?", "does the definition contain any age exclusion …?":
    ``definition_membership.asks_excluded``) gets the other answer: "No" where the thing falls under it."""
    found = _membership_verdict(kb, question, term, text, municipality)
    if found is None:
        return None
    config = kb.meta("definition_membership") or {}
    asking = question_form.story_and_question(question)[1] or question
    lowered = " " + " ".join(_WORD.findall(asking.lower().replace("'", ""))) + " "
    if any(f" {' '.join(_WORD.findall(str(p)))} " in lowered for p in config.get("asks_excluded") or ()):
        return ("No" if found[0] == "Yes" else "Yes"), found[1]
    return found


def _membership_verdict(
    kb: KnowledgeBase, question: str, term: str, text: str, municipality: str | None = None
) -> tuple[str, str] | None:
    asked = asks_membership(kb, question) or (municipality is not None and membership_term(kb, question, municipality) is not None)
    if not asked or _choice_of_terms(kb, question, municipality):  # (asked of "it": "if i rent rooms … does that make it
        return None  # a rooming house that needs a permit") "Is that a basement or a cellar?" asks which, not whether
    asking = question_form.story_and_question(question)[1] or question
    if (selector.question_kind(asking) == "who" or question_form.WHO_COUNTS_AS.search(asking)) and not asks_if_bound(kb, question) and asking.lower().split()[:1] not in ([w] for w in YES_NO_STARTS):
        return None  # "… on a land contract, who is treated as the owner?" asks who ("is the manager the owner who …?" whether)
    counted = (
        by_unit_count(kb, question, text) or age_verdict(question, text) or by_person_count(kb, question, text)
        or by_room_count(question, text, _asks_what_it_is(kb, question)) or by_share(question, text)
        or person_asked(kb, question, term, text)
    )
    if counted is not None:
        return counted
    config = kb.meta("definition_membership") or {}
    exclusions = [str(e).lower() for e in config.get("exclusions") or ()]
    best = _best_clause(kb, question, term, text, municipality)
    if best is None or best[0] < float(config.get("min_share", 0.6)):
        # "Our landlord keeps cramming more people in … Does the village code treat that kind of overcrowding as a
        # nuisance?": the sentence that asks names the thing and the term itself, whatever else the story tells
        story, asking = question_form.story_and_question(question)
        named = " ".join(_WORD.findall(term.lower()))
        # ... or that sentence alone names the clause ("… 9 ppl living in the one bedroom above me … is overcrowding
        # against the rules there or not": "(b) Overcrowding a room with occupants")
        alone = story and asks_membership(kb, asking) and not OBLIGATION.search(asking)  # (not "does the owner have to …?")
        if alone and selector.question_kind(asking) in ("yes_no", "definition"):
            found = _best_clause(kb, asking, term, text, municipality)
            if found is not None and (named in " ".join(_WORD.findall(asking.lower())) or found[0] >= float(config.get("min_share", 0.6))):
                best = found
        ends = "|".join(re.escape(str(w)) for w in config.get("asking_ends") or ())
        cut = re.split(rf"\b(?:{ends})\b", asking or question, maxsplit=1, flags=re.I)[0] if ends else ""
        if cut.strip() and cut != (asking or question) and (best is None or best[0] < float(config.get("min_share", 0.6))):
            best = _best_clause(kb, cut, term, text, municipality)  # "can i count the dining room as a bedroom when …?"
    # (less of the thing does where the clause leaves out what it names: "… the dining room with a futon. count as a bedroom?")
    if best is None or best[0] < float(config.get("min_share_excluded", config.get("min_share", 0.6))):
        return None
    share, clause, position = best
    words = _WORD.findall(clause.lower())
    before = " " + " ".join(words[:position]) + " "
    whole = " " + " ".join(words) + " "
    negations = [str(n).lower() for n in config.get("negations") or ()]
    # ("… waste materials, except garbage, and the term shall include … tree branches, yard trimmings": what the
    # definition goes on to include after an exception is not excepted)
    marks = [f" {' '.join(_WORD.findall(str(i).lower()))} " for i in config.get("inclusions") or ()]
    found = [(before.rfind(m), m) for m in marks]
    ends = [at + len(m) - 1 for at, m in found if at >= 0 and not before[:at].endswith(" not")]
    before = before[max(ends):] if ends else before
    excluded = any(f" {' '.join(_WORD.findall(e))} " in before for e in exclusions) or any(
        f" {' '.join(_WORD.findall(n))} " in whole for n in negations
    )
    if share < float(config.get("min_share", 0.6)) and not any(f" {' '.join(_WORD.findall(n))} " in before for n in [*negations, *exclusions]):
        return None
    return ("No" if excluded else "Yes"), clause


def _chosen_by_count(kb: KnowledgeBase, question: str, municipality: str, answer: Answer) -> Answer | None:
    """Of two terms the sentence that asks offers as a choice ("… about one-third of its clear floor-to-ceiling height
    below the average grade … Does the code classify that space as a basement or as a half-basement?"), the one whose
    definition the count or share the question tells meets, first; None unless exactly one does."""
    asking = question_form.story_and_question(question)[1] or question
    terms = kb.match_terms(asking, municipality)
    if len(terms) != 2 or not re.search(r"\bor\b", asking, re.I):
        return None
    met = []
    for term in terms:
        found = kb.definitions(term, municipality)
        counted = found and (by_share(question, found[0].text) or by_room_count(question, found[0].text))
        if counted and counted[0] == "Yes":
            met.append((found[0], counted[1]))
    if len(met) != 1:
        return None
    definition, clause = met[0]
    lead = f'{definition.term}, by the {kb.municipality(municipality).name} code\'s definition of "{definition.term.lower()}": "{clause}"'
    cited = [*definition_citations(kb, definition), *(answer.payload.get("citations") or [])]
    return Answer(f"{lead}\n{answer.text}", {**answer.payload, "citations": cited}, answer.buttons)


def _choice_of_terms(kb: KnowledgeBase, question: str, municipality: str | None) -> bool:
    """Whether the asking sentence offers a choice between two terms the code defines, named right before and after
    its "or" ("Is that a basement or a cellar?"; not "… in or near the waste disposal containers")."""
    if municipality is None:
        return False
    terms = {k.lower(): str(v).lower() for k, v in kb.term_phrases(municipality).items()}
    asking = " ".join(_WORD.findall(question_form.story_and_question(question)[1].lower()))
    for found in re.finditer(r"\b((?:\w+ ){0,2}\w+) or (?:a |an |the )?(\w+(?: \w+){0,2})\b", asking):
        before, after = found.group(1).split(), found.group(2).split()
        first = {terms[p] for p in (" ".join(before[i:]) for i in range(len(before))) if p in terms}
        second = {terms[p] for p in (" ".join(after[: i + 1]) for i in range(len(after))) if p in terms}
        if first and second and first != second:  # (not "a personal representative or trustee": both the owner)
            return True
    return False


def with_membership(kb: KnowledgeBase, question: str, term: str, municipality: str, answer: Answer) -> Answer:
    """A definition answer led by "Yes." or "No." and the clause that decides, when the question asks
    whether something falls under the term and the definition settles it."""
    definitions = kb.definitions(term, municipality)
    if not definitions or not answer.payload.get("addressed"):
        return answer
    first = first_asked(question)  # "does … constitute a nuisance, and how is a basement …?": the first question decides
    question = first if selector.question_kind(first) == "yes_no" else question
    defined_as = _defined_as(kb, question, term, municipality, answer) or _chosen_by_count(kb, question, municipality, answer)
    if defined_as is not None:  # "Is a kitchen considered a habitable room?": KITCHEN, "A habitable room used … for cooking"
        return defined_as
    term, text = definitions[0].term, definitions[0].text
    muni = kb.municipality(municipality)
    says = f'The {muni.name} code\'s definition of "{term.lower()}" says'
    found = membership_verdict(kb, question, term, text, municipality)
    instead = _met_instead(kb, question, term, municipality) if found is not None and found[0] == "No" else None
    if instead is not None:  # "… 8-foot height, 3 feet of which lies below … Is it a basement?": No, a half-basement
        lead = (
            f'No, by the {muni.name} code\'s definition of "{term.lower()}". It is what the code defines as '
            f'"{instead.term.lower()}": "{instead.text}"'
        )
        cited = [*definition_citations(kb, instead), *(answer.payload.get("citations") or [])]
        return Answer(f"{lead}\n{answer.text}", {**answer.payload, "citations": cited, "yes_no": "no"}, answer.buttons)
    if found is not None:
        word, clause = found
        if " ".join(clause.split()) == " ".join(text.split()):  # the whole definition decides: quoted once, below
            lead = f'{word}, by the {muni.name} code\'s definition of "{term.lower()}" (quoted below).'
        else:
            lead = f'{word}. {says}: "{clause}"'
        return Answer(f"{lead}\n{answer.text}", {**answer.payload, "yes_no": word.lower()}, answer.buttons)
    # the clause of a long definition that answers a question about one of its parts, when it names enough of it
    least = float((kb.meta("definition_membership") or {}).get("min_share", 0.6))
    best = _best_clause(kb, question, term, text)
    if best is None or best[0] < least:  # ... or one clause of several, the thing weighed in this code ("land contract"
        # more than "next month": "selling my rental … on land contract, buyer takes over next month … whos the owner")
        weighed = _best_clause(kb, question, term, text, municipality)
        best = weighed if weighed is not None and " ".join(weighed[1].split()) != " ".join(text.split()) else best
    if best is None or best[0] < least:
        return answer
    clause = best[1]
    if clause != " ".join(text.split()):  # "what winter base temperature does the definition state?", "… on a land
        # contract, who is the owner?": that clause first
        return Answer(f'{says}: "{clause}"\n{answer.text}', {**answer.payload, "asked_clause": clause}, answer.buttons)
    # "who must approve extermination methods?": the whole definition answers (… "approved by the Health Officer")
    return Answer(answer.text, {**answer.payload, "asked_clause": clause}, answer.buttons)


def _met_instead(kb: KnowledgeBase, question: str, term: str, municipality: str) -> Definition | None:
    """Another defined term of this code whose definition the share the question tells meets, where it does not meet
    ``term``'s ("… less than half of its floor-to-ceiling height below grade a basement?": a cellar); None otherwise."""
    for other in dict.fromkeys(kb.term_phrases(municipality).values()):
        found = kb.definitions(other, municipality) if str(other).lower() != term.lower() else []
        if found and (by_share(question, found[0].text) or ("",))[0] == "Yes":
            return found[0]
    return None


# The words a definition may open with before the term it makes the thing ("A habitable room used … for cooking").
DEFINED_AS_OPENING = 3


def _defined_as(kb: KnowledgeBase, question: str, term: str, municipality: str, answer: Answer) -> Answer | None:
    """"Yes." with the definition of the other term a question names when that definition makes it one of ``term``
    ("Is a kitchen considered a habitable room?": KITCHEN, "A habitable room used or intended to be used for cooking …");
    None otherwise."""
    if not asks_membership(kb, question):
        return None
    wanted = _WORD.findall(term.lower())
    named = kb.match_terms(question, municipality)
    # (the thing asked about is named before the term: "is a kitchen … a habitable room?", not "is a dwelling … a hotel?")
    lowered = [t.lower() for t in named]
    before = named[: lowered.index(term.lower())] if term.lower() in lowered else []
    for other in before:
        found = kb.definitions(other, municipality) if other.lower() != term.lower() else []
        words = _WORD.findall(found[0].text.lower()) if found else []
        at = next((i for i in range(DEFINED_AS_OPENING) if words[i : i + len(wanted)] == wanted), None)
        if at is None or found[0].term.lower() == term.lower():
            continue
        muni = kb.municipality(municipality)
        lead = f'Yes. The {muni.name} code defines "{found[0].term.lower()}" as "{found[0].text}"'
        cited = [*definition_citations(kb, found[0]), *(answer.payload.get("citations") or [])]
        return Answer(f"{lead}\n{answer.text}", {**answer.payload, "citations": cited, "yes_no": "yes"}, answer.buttons)
    return None


def question_parts(question: str) -> list[str]:
    """A question split at its second question ("…, and how is 'ordinary minimum winter conditions' defined?", "…? how
    many …", ``second_question``): one or two parts."""
    return question_form.SECOND_QUESTION.split(question, maxsplit=1)


def definition_part(kb: KnowledgeBase, question: str, municipality: str) -> tuple[str, str] | None:
    """(the first question, the term) when a question asks something and then what a term of the code
    means ("to what temperature must …, and how is 'ordinary minimum winter conditions' defined?"); the
    first part names no term the second asks about."""
    parts = question_parts(question)
    if len(parts) != 2 or len(parts[0].split()) < 4:
        return None
    first, second = parts
    term = kb.match_term(second, municipality)
    if not term or term.lower() in first.lower() or selector.question_kind(second) != "definition":
        return None
    return first.rstrip(" ,;") + "?", term


def also_defined(kb: KnowledgeBase, answer: Answer, term: str, municipality: str) -> Answer:
    """An answer followed by what a term means in the same code (its citation after the answer's)."""
    definition = answer_definition(kb, term, municipality)
    if not definition.payload.get("addressed"):
        return answer
    citations = [*answer.payload.get("citations", []), *definition.payload.get("citations", [])]
    return Answer(f"{answer.text}\n{definition.text}", {**answer.payload, "citations": citations}, answer.buttons)


# A sentence that sends the very act asked about to an office ("whose approval …?") answers before a definition of the
# act's word, when it matches at least this share of the question.
OWN_ACT_MIN_LEXICAL = 0.3


def officer_definition(kb: KnowledgeBase, question: str, municipality: str) -> Answer | None:
    """The definition of the term a "who" question names, when the term's own act is the officer's ("the code keeps
    saying approved - approved by who exactly?": "Approved shall mean approved by the Health Officer …"); None when the
    question asks no who, names no such term, the term is itself an officer's title, or the question names the officer."""
    if selector.question_kind(question) != "who":
        return None
    term = kb.match_term(question, municipality)
    if not term or named_titles(kb, term):
        return None
    text = " ".join(" ".join(_WORD.findall(d.text.lower())) for d in kb.definitions(term, municipality))
    stem = re.escape(" ".join(_WORD.findall(term.lower()))[:-1])
    acting = [t for t in kb.fact_vocabulary().officer_titles if re.search(rf"\b{stem}\w* by (?:the |such )?{re.escape(t)}\b", text)]
    if not acting or named_titles(kb, text) <= named_titles(kb, question):
        return None  # not the term's own act ("… issued by the Building Inspector"), or the officer is named already
    told = selector.select(kb, question, municipality, kinds=("sentence",), limit=5)
    if any(r.lexical >= OWN_ACT_MIN_LEXICAL and sends_to_asked(question, r.candidate.text) for r in told):
        return None  # "… shut off water … in an emergency, whose approval is needed?": "… approved by the Department …"
    title = max(acting, key=len)
    answer = answer_definition(kb, term, municipality)
    lead = f'The {title.title()}, by the {kb.municipality(municipality).name} code\'s definition of "{term.lower()}" (quoted below).'
    return Answer(f"{lead}\n{answer.text}", answer.payload, answer.buttons)
