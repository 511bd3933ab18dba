"""The provision selector: which provision of a municipality's code answers the question asked.

Pure functions over the knowledge base. For one municipality every candidate answer is
gathered once (its numeric standards, responsibility rules, definitions and the sentences of
its sections) and indexed by stemmed words. A question is read into *concepts*: each content
word, and each phrase of the reviewed synonym table (``knowledge/synonyms.yml``: people's words
→ the code's words, e.g. "trash cans" → "garbage containers"), whose alternatives are the
people's words and the code's words. A candidate's score is:

* the lexical match: the share of the question's concepts (weighted by how rare their words
  are in that code, idf) that the candidate contains, with a bonus for the code's multi-word
  phrases found verbatim;
* the numbers and people in the question: a standard whose value is a number of the
  question, and the kind of question ("who" favours responsibility rules, "how much / how
  many / how long" favours numeric standards, "what does X mean" favours definitions);
* the intent prior: the classifier's confidence in the topic the candidate belongs to (the
  top three intents of the ranking).

:func:`select` returns the ranked candidates; :func:`question_kind` and :func:`yes_no` read the
form of the question. Nothing here writes the answer (that is :mod:`knowledge.compose`).
"""

from __future__ import annotations

import math
import re
import threading
import weakref
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Sequence

from knowledge.citations import normalize
from knowledge.concepts import (  # noqa: F401 - re-exported: importers use knowledge.selector's names
    STOPWORDS,
    Concept,
    _phrase_tokens,
    cited_sections,
    concepts,
    tokens,
)
from knowledge.curated import numbers_in
from knowledge.facts import unstated_exception
from knowledge.kb import KnowledgeBase
from knowledge.question_form import (  # noqa: F401 - re-exported: importers use knowledge.selector's names
    _WORD,
    BACK_REFERENCE_MAX_WORDS,
    DEFINITION_WORDS,
    FIGURE_WORDS,
    NEGATIONS,
    NOT_PREVENTED,
    OBLIGATION,
    PERIOD_ACT,
    PERMISSION,
    REQUIRED_CONDITION,
    TIME_UNITS,
    WH_WORDS,
    WHO_START,
    WHO_WORDS,
    YES_NO_HINTS,
    YES_NO_STARTS,
    _states_in_unit,
    asked_unit,
    asking_with_antecedent,
    granted_only_with,
    leaves_out,
    names_officer,
    question_kind,
    story_and_question,
    weigh_what_happened,
    what_happened,
    yes_no,
)
from knowledge.scopes import named_scopes, provision_scopes, unnamed_scope  # noqa: F401 - re-exported
from knowledge.sentences import (  # noqa: F401 - re-exported: split_sentences, _SENTENCE_END, _VERB, is_heading
    _SENTENCE_END,
    _VERB,
    is_heading,
    is_lead_in,
    referred_to,
    split_sentences,
    with_lead_ins,
)
from knowledge.spelling import correct, spelling_enabled  # noqa: F401 - re-exported
from knowledge.stemming import stem  # noqa: F401 - re-exported
from knowledge.titles import (  # noqa: F401 - re-exported
    OFFICER_TITLE_SHARE,
    asks_for_officer,
    named_titles,
    titles_weigh_little,
    who_words,
    without_titles,
)
from knowledge.yes_no_forms import also_without, asked_recipient_act, sends_act_to_office

# How much each signal weighs (set on the dev questions; see README "When the assistant is unsure").
PRIOR_WEIGHT = 0.35
TERM_BONUS = 0.3
PHRASE_BONUS = 0.08
# What a question's word found only in the sentences a sentence refers back to ("No such facilities …") counts for.
CONTEXT_SHARE = 0.5
NUMBER_BONUS = 0.15
# a figure counted in persons ("one flush water closet for each eight persons") when the question gives a head count
HEAD_COUNT_BONUS = 0.1
KIND_BONUS = 0.12
# a figure in the unit of time the question asks for ("within how many days …?") over one in another (24 hours)
UNIT_BONUS = 0.1
TOPIC_COVERAGE_BONUS = 0.05
# A provision limited to a kind of dwelling the question does not name (a rooming house, a vacant
# unit: ``scopes`` in knowledge/synonyms.yml) gives way to a general one.
SCOPE_PENALTY = 0.15
# A question word no provision of the code contains: a housing word (knowledge/synonyms.yml
# housing_words: "asbestos", "mold") weighs as much as the rarest code word, so a provision that
# misses it is no match; any other word ("quit", "problem") weighs little.
UNKNOWN_HOUSING_WORD_SHARE = 1.0
UNKNOWN_WORD_IDF_SHARE = 0.05
# A provision of the section the question cites ("Under § 190-3, ...", "Town of Howard § 12.11: ...").
CITED_BONUS = 0.2
# A yes/no question of need ("do i need a permit?", "can i rent a room without a permit?") leads with the provision that sets
# the requirement ("No person shall operate a rooming house unless he holds a valid … permit") over another of the
# same match ("This permit shall be displayed …"): more than a long sentence's length costs.
REQUIRED_CONDITION_BONUS = 0.03
# A permission asked without a thing ("can he just show up unannounced?") leads with the provision that grants it only
# with that thing ("may enter … at proper time after due notice") over another of the same match.
GRANTED_ONLY_WITH_BONUS = 0.03
CODE_WORD_MIN_LETTERS = 7  # a word of the texts this long counts as housing content on its own
# A "how long do i have to <act>?" question leads with the sentence that sets a time for that act (its word at most
# TIMED_ACT_WORDS words before "within …") over one that sets a time for another act.
TIMED_ACT_BONUS = 0.3
TIMED_ACT_WORDS = 4


def _sets_time_for(text: str, alternatives: Sequence[tuple[str, ...]]) -> bool:
    """Whether a sentence sets a time ("within thirty days") for one of the act's words ("petition … filed within")."""
    words = _WORD.findall(text.lower())
    acts = {a[0] for a in alternatives if len(a) == 1}
    return any(w == "within" and any(stem(x) in acts for x in words[max(0, i - TIMED_ACT_WORDS) : i]) for i, w in enumerate(words))


# A yes/no question of permission ("… the owner's nephew just ripped it off the door. Is he allowed to do that?") leads
# with the provision that forbids the very act it names ("No person shall deface or remove the placard …") over others
# that name the same things ("… until … such placard is removed by, the Building Inspector").
PROHIBITED_ACT_BONUS = 0.15
# (… and "Under no circumstances may occupants of two or more dwelling units share a toilet": its subject and act)
_PROHIBITED = re.compile(
    r"\b(?:no (?:person|owner|operator|occupant|one|member)\b[^.;:]{0,80}?\bshall|shall not)((?:\s+[\w-]+){1,6})"
    r"|\bunder no circumstances (?:may|shall|can)((?:\s+[\w-]+){1,12})",
    re.I,
)


def times_the_asked_act(kb: KnowledgeBase, question: str, text: str) -> bool:
    """Whether a provision sets the time for the act a "how long do i have to <act>?" question asks about ("Such petition
    shall be filed within thirty days …" for "how long do i have to appeal …?")."""
    if PERIOD_ACT.search(question.lower()) is None:  # (most questions: no concepts read)
        return False
    timed = _act_alternatives(question, concepts(question, kb.concept_phrases()))
    return bool(timed) and _sets_time_for(text, timed)


def _act_alternatives(question: str, found: Sequence[Concept]) -> tuple[tuple[str, ...], ...]:
    """The alternatives of the concept of the act a "how long do i have to <act>?" question asks the time for; () when
    it asks none."""
    act = PERIOD_ACT.search(question.lower())
    return next((c.alternatives for c in found if act and act.group(1) in c.words.split()), ())


@lru_cache(maxsize=4096)
def prohibited_stems(text: str) -> frozenset[str]:
    """The stems of the words right after "No person … shall" / "shall not" (the acts a provision forbids)."""
    return frozenset(stem(w) for found in _PROHIBITED.finditer(text) for w in _WORD.findall((found.group(1) or found.group(2)).lower()))

KINDS = ("standard", "rule", "definition", "sentence")

@lru_cache(maxsize=1024)
def _words_pattern(phrase: str) -> re.Pattern[str]:
    """A phrase's words in order, as whole words (compiled once: select() checks it per matching provision)."""
    return re.compile(r"\b" + r"\W+".join(map(re.escape, _WORD.findall(phrase))) + r"\b")


@dataclass(frozen=True)
class Candidate:
    """One thing the bot could lead with: a standard, a rule, a definition or a sentence of a section."""

    kind: str  # one of KINDS
    municipality: str
    citation: str  # the section (or definition) citation it rests on
    key: str  # standard key, duty, defined term, or "<citation>#<n>" for a sentence
    text: str  # verbatim text (the standard's or rule's quote, the definition, the sentence)
    topics: tuple[str, ...]  # the topics it answers ("definition" for definitions)
    value: float | None = None  # a standard's value
    unit: str = ""  # a standard's unit ("sq ft", "persons")
    conditions: tuple[str, ...] = ()  # a rule's facts ("assumed_by_agreement")
    party: str = ""  # a rule's party ("owner", "occupant")
    context: str = ""  # a sentence's: the sentences before it that name what it refers back to ("No such facilities …")


@dataclass(frozen=True)
class Ranked:
    """A candidate with its score and the parts the score is made of."""

    candidate: Candidate
    score: float
    lexical: float
    prior: float
    matched: tuple[str, ...] = ()


@dataclass
class _Index:
    candidates: list[Candidate]
    order: dict[str, int]
    token_sets: list[frozenset[str]]
    lowered: list[str]
    idf: dict[str, float]
    max_idf: float
    lengths: list[int] = field(default_factory=list)
    postings: dict[str, set[int]] = field(default_factory=dict)
    scopes: list[frozenset[str]] = field(default_factory=list)  # the scopes each candidate is limited to
    sequences: list[tuple[str, ...]] = field(default_factory=list)  # each candidate's stemmed words, in order
    own_sets: list[frozenset[str]] = field(default_factory=list)  # each candidate's words without its context's


_CACHE: weakref.WeakKeyDictionary[KnowledgeBase, dict[str, _Index]] = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def candidates(kb: KnowledgeBase, municipality: str) -> list[Candidate]:
    """Every candidate answer of a municipality's code, with the topics each belongs to."""
    key = kb.municipality(municipality).key
    configs = kb.topic_configs()
    matrix = kb.coverage_matrix()
    section_topics: dict[str, list[str]] = {}
    for topic, by_muni in matrix.items():
        for citation in by_muni.get(key, []):
            section_topics.setdefault(citation, []).append(topic)
    standard_topics: dict[str, list[str]] = {}
    duty_topics: dict[str, list[str]] = {}
    for topic, config in configs.items():
        for standard in config.standards:
            standard_topics.setdefault(standard, []).append(topic)
        for duty in config.duties:
            duty_topics.setdefault(duty, []).append(topic)
    found: list[Candidate] = []
    for standard in kb.standards(municipality=key):
        topics = standard_topics.get(standard.key) or section_topics.get(standard.citation) or []
        found.append(
            Candidate(
                "standard",
                key,
                standard.citation,
                standard.key,
                standard.quote,
                tuple(topics),
                standard.value,
                standard.unit,
            )
        )
    for rule in kb.rules(key):
        if introduces_list(kb, key, rule.citation, rule.quote):
            continue  # "No person shall … let … any dwelling … which does not comply with the following": its items lead
        topics = duty_topics.get(rule.duty) or section_topics.get(rule.citation) or []
        found.append(Candidate("rule", key, rule.citation, rule.duty, rule.quote, tuple(topics), conditions=tuple(rule.conditions), party=rule.party))
    for term in kb.terms(key):
        for definition in kb.definitions(term, key)[:1]:
            found.append(
                Candidate("definition", key, definition.citation, definition.term, definition.text, ("definition",))
            )
    back = tuple(sorted((str(w) for w in kb.meta("sentence_back_references") or ()), key=len, reverse=True))
    for section in kb.sections(key):
        said: list[str] = []  # the section's sentences so far, headings left out
        for number, sentence in enumerate(split_sentences(section.text)):
            before = said[:1] + said[-1:]  # its paragraph's first sentence and the one just before it
            if not is_heading(sentence):
                said.append(sentence)
            if is_lead_in(sentence):
                continue  # the lead-in of a list ("The Housing Appeals Board shall:"): its items carry its words
            if is_heading(sentence):
                continue  # "(1) Sink, Flush Water Closet, Lavatory Basin and Bathtub or Shower in Dwellings."
            found.append(
                Candidate(
                    "sentence",
                    key,
                    section.citation,
                    f"{section.citation}#{number}",
                    sentence,
                    tuple(section_topics.get(section.citation, [])),
                    context=referred_to(sentence, before, back),
                )
            )
    return found


def introduces_list(kb: KnowledgeBase, municipality: str, citation: str, quote: str) -> bool:
    """Whether a rule's quote is the lead-in its section ends with (before a colon): the rule names a party for
    the requirements listed after it, and the question is answered by one of those (the duty is still asked)."""
    section = kb.section(municipality, citation)
    text = " ".join(str(section.text if section else "").split())
    return text.endswith(":") and text[:-1].rstrip().endswith(" ".join(quote.split()).rstrip(":"))


def other_unit(question: str, candidate: Candidate) -> bool:
    """Whether a figure is in another unit than the unit of time the question asks for (hours or persons, asked
    days)."""
    unit = asked_unit(question)
    return bool(unit) and candidate.kind == "standard" and candidate.unit != unit


def _in_cited(citation: str, cited: Sequence[str]) -> bool:
    """Whether a candidate's citation is within one of the cited sections ("§ 190-3A" is within 190-3)."""
    norm = normalize(citation)
    return any(norm == c or norm.startswith(c + "-") for c in cited)



def _document(kb: KnowledgeBase, candidate: Candidate, headings: dict[str, str], context: bool = True) -> str:
    """The words a candidate is matched on: its text, plus what the vocabulary says it is."""
    extra = ""
    if candidate.kind == "standard":
        extra = kb.standard_description(candidate.key)
    elif candidate.kind == "rule":
        extra = (kb.meta("duties") or {}).get(candidate.key, "")
    elif candidate.kind == "definition":
        extra = f"{candidate.key} {candidate.key} definition means"
    elif candidate.kind == "sentence":
        extra = f"{headings.get(candidate.citation, '')} {candidate.context if context else ''}"
    return f"{candidate.text} {extra}"



# The words of an alternative of several words ("water heating facilities") stand within this many words of each other
# in a provision that contains it.
NEAR_WORDS = 4


def _near(alternative: Sequence[str], sequence: Sequence[str]) -> bool:
    """Whether every word of ``alternative`` stands within NEAR_WORDS + its length words of one of them."""
    span = NEAR_WORDS + len(alternative)
    wanted = set(alternative)
    for start, word in enumerate(sequence):
        if word in wanted and wanted <= set(sequence[start : start + span]):
            return True
    return False


def index(kb: KnowledgeBase, municipality: str) -> _Index:
    """The municipality's candidates with their word sets and idf (built once per knowledge base)."""
    key = kb.municipality(municipality).key
    with _LOCK:
        cached = _CACHE.setdefault(kb, {}).get(key)
    if cached is not None:
        return cached
    found = candidates(kb, key)
    headings = {s.citation: s.heading for s in kb.sections(key)}
    introduced = with_lead_ins(kb, key, headings)  # each heading with the lead-in of the list it is in
    documents = [_document(kb, c, introduced) for c in found]
    token_sets = [frozenset(tokens(d)) for d in documents]
    postings: dict[str, set[int]] = {}
    for number, words in enumerate(token_sets):
        for word in words:
            postings.setdefault(word, set()).add(number)
    own_sets = [frozenset(tokens(_document(kb, c, introduced, False))) if c.context else t for c, t in zip(found, token_sets)]
    df = {word: sum(1 for i in ids if word in own_sets[i]) or 1 for word, ids in postings.items()}  # (without contexts)
    n = len(found)
    idf = {w: math.log(1 + (n - d + 0.5) / (d + 0.5)) for w, d in df.items()}
    order: dict[str, int] = {}
    for config in kb.topic_configs().values():
        for position, name in enumerate((*config.standards, *config.duties)):
            order.setdefault(name, position)
    built = _Index(
        candidates=found,
        order=order,
        token_sets=token_sets,
        lowered=[" ".join(_WORD.findall(d.lower())) for d in documents],
        idf=idf,
        max_idf=max(idf.values(), default=1.0),
        lengths=[len(t) for t in own_sets],
        postings=postings,
        scopes=[frozenset(provision_scopes(kb, f"{c.text} {headings.get(c.citation, '')}")) for c in found],
        sequences=[tuple(tokens(d)) for d in documents],
        own_sets=own_sets,
    )
    with _LOCK:
        _CACHE.setdefault(kb, {})[key] = built
    return built


def names_term(question: str, term: str) -> bool:
    """Whether a question names a defined term, whole words, singular or plural ("what's 'premises'")."""
    lowered = " " + " ".join(_WORD.findall(question.lower())) + " "
    words = " ".join(_WORD.findall(term.lower()))
    return bool(words) and (f" {words} " in lowered or f" {words}s " in lowered)


_UNASKED_WORDS: weakref.WeakKeyDictionary[KnowledgeBase, frozenset[str]] = weakref.WeakKeyDictionary()


def unasked_words(kb: KnowledgeBase) -> frozenset[str]:
    """Words that name a place ("Town of Holland", "amery", "wi") or only ask ("is that allowed?"): not what a
    question asks about."""
    cached = _UNASKED_WORDS.get(kb)
    if cached is None:
        cached = _UNASKED_WORDS[kb] = _unasked_words(kb)
    return cached


def _unasked_words(kb: KnowledgeBase) -> frozenset[str]:
    from knowledge.nlp import typos  # "muskgo", "amry": a misspelt name is a place word too

    # and the words that ask rather than name what is asked about (synonyms.yml question_words)
    words = {"town", "village", "city", "wisconsin", "wi", "county", *(kb.meta("question_words") or ())}
    for muni in kb.municipalities():
        words.update(typos(muni.name.split(" of ", 1)[-1]))
        for name in (muni.key, muni.name, *muni.aliases):
            words.update(_WORD.findall(name.lower()))
    return frozenset(words - {"of", "the"})


def concept_weights(kb: KnowledgeBase, found: Sequence[Concept], idx: _Index) -> list[float]:
    """How much each concept of a question weighs in one code: the idf of its rarest known wording."""
    housing = set(kb.housing_words())
    weights: list[float] = []
    for concept in found:
        known = [v for v in (_alternative_idf(a, idx) for a in concept.alternatives) if v is not None]
        if known:
            weights.append(max(known))
        elif concept.words in housing or concept.words.rstrip("s") in housing:
            weights.append(idx.max_idf * UNKNOWN_HOUSING_WORD_SHARE)
        else:
            weights.append(idx.max_idf * UNKNOWN_WORD_IDF_SHARE)
    return weights


def asked_concepts(kb: KnowledgeBase, text: str, municipality: str) -> tuple[list[Concept], list[float]]:
    """The concepts a text asks about (words that only ask left out) and what each weighs in one code."""
    found = [c for c in concepts(text, kb.concept_phrases()) if c.words not in unasked_words(kb)]
    return found, concept_weights(kb, found, index(kb, municipality))


def _alternative_idf(alternative: tuple[str, ...], idx: _Index) -> float | None:
    values = [idx.idf[w] for w in alternative if w in idx.idf]
    if len(values) < len(alternative):
        return None
    return sum(values) / len(values)


def _singular(phrase: str) -> str:
    """A code phrase as it is also found in the singular ("water closets" is in "flush water closet")."""
    return phrase[:-1] if phrase.endswith("s") and not phrase.endswith("ss") else phrase


# The fewest people a question must count for a standard per so many persons to be counted for them (not "must a person
# register …?": one person, said of anyone).
FIXTURE_MIN_PEOPLE = 2


@lru_cache(maxsize=256)
def head_count(question: str) -> int | None:
    """How many people a question counts ("9 ppl", "11 of us", "14 roomers"), or None."""
    from knowledge.parsing import parse_household

    household = parse_household(" ".join(question.lower().split()))
    return household.count if household else None


def select(
    kb: KnowledgeBase,
    question: str,
    municipality: str,
    role: str | None = None,
    ranking: Sequence[tuple[str, float]] = (),
    topics: Iterable[str] | None = None,
    kinds: Iterable[str] = KINDS,
    limit: int = 10,
) -> list[Ranked]:
    """Rank a municipality's candidate answers for a question, best first.

    ``ranking`` is the intent ranking [(intent, confidence)]; its top three give the prior.
    ``topics`` restricts the candidates to those topics (None: every candidate). ``role``
    (tenant, landlord, clerk) only tilts "who" questions toward the rules.
    """
    idx = index(kb, municipality)
    if spelling_enabled():
        question = correct(kb, question)
    question = without_titles(kb, question)
    cited_numbers = set(re.findall(r"\d+", " ".join(cited_sections(question))))  # "Under § 190-12, …": cited, not words
    found = [c for c in concepts(question, kb.concept_phrases()) if c.words not in unasked_words(kb) and c.words not in cited_numbers]
    kind = question_kind(question)
    event = what_happened(question)  # "… but he didn't even show up. What happens now?": what happened weighs more
    numbers = {round(n, 3) for n in numbers_in(event or question)}  # (a story's figure is not what follows)
    cited = cited_sections(question)
    unit = asked_unit(question)
    needs = kind == "yes_no" and bool(OBLIGATION.search(question) or re.search(r"\b(?:without|w/o)\b", question, re.I))
    # (the sentence that asks, read only for such a question: the party it names picks its rule)
    asking = " ".join(_WORD.findall(story_and_question(question)[1].lower().replace("'", ""))) if needs else ""
    permission = kind == "yes_no" and bool(PERMISSION.search(question))
    left_out = permission and leaves_out(question)
    timed = _act_alternatives(question, found)  # "how long do i hv to appeal": the concept of the act whose time is asked
    recipient = asked_recipient_act(question) if kind == "who" else None  # "who do i apply to …": "appl"
    # "which official should a resident contact regarding electrical deficiencies?": an officer is asked for, not a party
    official = kind == "who" and asks_for_officer(kb, question)
    prior: dict[str, float] = {}
    for intent, confidence in list(ranking)[:3]:
        topic = kb.topic_for_intent(intent) or ("definition" if intent == "ask_definition" else None)
        if topic:
            prior[topic] = max(prior.get(topic, 0.0), float(confidence))
    wanted_topics = set(topics) if topics is not None else None
    wanted_kinds = set(kinds)
    weights = weigh_what_happened(event, [c.words for c in found], titles_weigh_little(kb, question, found, concept_weights(kb, found, idx)))
    total = sum(weights) or 1.0
    named = named_scopes(kb, question)
    scopes = [s for s in kb.scopes() if s not in named]
    who = who_words(kb, question, found)  # a provision that matches only who acts (titles, parties) says nothing of the act
    titles = named_titles(kb, question) if who else frozenset()  # a title named as the one who acts, beside the act
    # which candidates contain each concept (through the postings of its words)
    hits: dict[int, list[int]] = {}
    for position, concept in enumerate(found):
        ids: set[int] = set()
        for number, alternative in enumerate(concept.alternatives):
            postings = [idx.postings.get(w) for w in alternative]
            if all(postings):
                matching = set.intersection(*postings)  # type: ignore[arg-type]
                if number == 0 and concept.literal:
                    matching = {i for i in matching if _words_pattern(concept.literal).search(idx.lowered[i])}
                elif len(alternative) > 2 and NEAR_WORDS:  # "water heater": not "heating facilities … water compartments"
                    matching = {i for i in matching if _near(alternative, idx.sequences[i])}
                ids |= matching
        for number in ids:
            hits.setdefault(number, []).append(position)
    pool = sorted(hits) if hits else range(len(idx.candidates))
    ranked: list[Ranked] = []
    for number in pool:
        candidate = idx.candidates[number]
        if candidate.kind not in wanted_kinds:
            continue
        if wanted_topics is not None and not (set(candidate.topics) & wanted_topics):
            continue
        matched: list[str] = []
        gained = 0.0
        phrase_bonus = 0.0
        for position in hits.get(number, ()):
            concept = found[position]
            matched.append(concept.words)
            own = not candidate.context or any(set(a) <= idx.own_sets[number] for a in concept.alternatives if a)
            gained += weights[position] * (1.0 if own else CONTEXT_SHARE)  # a word only the sentences before it have
            if any(_singular(p.lower()) in idx.lowered[number] for p in concept.code_phrases):
                phrase_bonus += PHRASE_BONUS
        if needs and candidate.kind == "rule" and candidate.party:  # "does the landlord have to put screens in?": the owner's rule
            for position, concept in enumerate(found):  # (the party the asking sentence names, not one of the story)
                if concept.words not in matched and (stem(candidate.party),) in concept.alternatives and concept.words in asking:
                    matched.append(concept.words)
                    gained += weights[position]
        lexical = gained / total * (OFFICER_TITLE_SHARE if who and set(" ".join(matched).split()) <= who else 1)
        topic_prior = max((prior.get(t, 0.0) for t in candidate.topics), default=0.0)
        score = lexical + phrase_bonus + PRIOR_WEIGHT * topic_prior
        if candidate.topics and candidate.topics != ("definition",):
            score += TOPIC_COVERAGE_BONUS * (1 if lexical > 0 else 0)
        if kind == "figure" and candidate.kind == "standard":
            score += KIND_BONUS
        if official and candidate.kind != "definition" and lexical > 0 and names_officer(candidate.text):
            score += KIND_BONUS  # "The Building Inspector shall investigate all electrical deficiencies …"
        elif kind == "who" and candidate.kind == "rule" and not official:
            score += KIND_BONUS + (0.03 if role in ("tenant", "landlord") else 0.0)
        elif recipient and candidate.kind == "sentence" and lexical > 0 and sends_act_to_office(recipient, candidate.text):
            score += KIND_BONUS  # "who do i apply to …?": "The operator shall apply to the Health Officer …"
        if kind == "definition" and candidate.kind == "definition":
            score += KIND_BONUS
        if candidate.kind == "definition" and names_term(question, candidate.key) and not set(candidate.key.lower().split()) <= titles:
            score += TERM_BONUS  # the question names this defined term ("what's 'premises'"), not only as who acts
        if candidate.value is not None and round(candidate.value, 3) in numbers:
            score += NUMBER_BONUS
        if candidate.unit == "persons" and (head_count(question) or 0) >= FIXTURE_MIN_PEOPLE:
            score += HEAD_COUNT_BONUS
        if unit and candidate.unit in TIME_UNITS:
            score += UNIT_BONUS if candidate.unit == unit else -UNIT_BONUS
        elif unit == "persons" and candidate.unit == unit:
            score += UNIT_BONUS  # "how many people can share one bathroom …?": so many persons per water closet
        elif unit and candidate.kind == "sentence" and _states_in_unit(candidate.text, unit):
            score += UNIT_BONUS  # "… is filed within 10 days following …"
        if needs and lexical > 0 and REQUIRED_CONDITION.search(candidate.text):
            score += REQUIRED_CONDITION_BONUS  # the requirement itself, for "do i need …?" / "can i … without …?"
        if left_out and lexical > 0 and granted_only_with(question, candidate.text):
            score += GRANTED_ONLY_WITH_BONUS
        elif left_out and lexical > 0 and also_without(question, candidate.text):
            score += GRANTED_ONLY_WITH_BONUS  # "… an order without prior notice …?": "he may, without notice …, issue an order"
        if timed and candidate.kind == "sentence" and _sets_time_for(candidate.text, timed):
            score += TIMED_ACT_BONUS  # "Such petition shall be filed within thirty days …" for "how long do i have to appeal"
        if permission and candidate.kind in ("sentence", "rule") and (acts := prohibited_stems(candidate.text)) and any(
            a[0] in acts for position in hits.get(number, ()) for a in found[position].alternatives if a
        ):
            score += PROHIBITED_ACT_BONUS  # the act the question asks about is the one the provision forbids
        if cited and _in_cited(candidate.citation, cited):
            score += CITED_BONUS  # "Under § 190-3, at what times must an occupant afford access?"
        if candidate.kind != "definition" and idx.scopes[number] & set(scopes):
            score -= SCOPE_PENALTY  # limited to a kind of dwelling the question does not name
        elif candidate.conditions and unstated_exception(question, candidate.text, candidate.conditions, kb.fact_vocabulary()):
            score -= SCOPE_PENALTY  # "except where … assumed … by agreement" for a question that names no agreement
        score -= 0.0005 * idx.lengths[number]  # the shorter of two equal matches
        if candidate.kind in ("standard", "rule"):
            score -= 0.005 * min(idx.order.get(candidate.key, 10), 10)  # the topic's first-listed (most basic) figure
        ranked.append(Ranked(candidate, score, lexical, topic_prior, tuple(matched)))
    if not ranked and hits:  # nothing of the wanted topics or kinds contains a word of the question
        return select(kb, "", municipality, role, ranking, topics, kinds, limit)
    ranked.sort(key=lambda r: -r.score)
    return ranked[:limit]


def matching_first(ranked: Sequence[Ranked], floor: float) -> list[Ranked]:
    """The ranking with its first candidate that matches at least ``floor`` of the question moved to the
    front when the best-scored one matches less (a defined term the question names, "bathroom", scores
    high on its term bonus and yet is not what a question about sharing one asks); unchanged otherwise."""
    ranked = list(ranked)
    if not ranked or ranked[0].lexical >= floor:
        return ranked
    # (not one the ranking set back for a scope or an exception the question does not name: "… sink leaking … does he
    # have to fix it?" is not answered by "except where such responsibility is assumed … by agreement")
    match = next((r for r in ranked if r.lexical >= floor and r.score > r.lexical - SCOPE_PENALTY / 2), None)
    return [match, *[r for r in ranked if r is not match]] if match is not None else ranked


def match_descriptions(
    kb: KnowledgeBase, question: str, municipality: str, descriptions: dict[str, str]
) -> dict[str, float]:
    """How well the question matches each description (a duty's or a standard's, from the vocabulary):
    the share of its concepts (idf-weighted, in that municipality's code) found in the description.

    Used to tell what a question asks for even when the municipality's text does not state it
    (so "who cleans the hallways" finds the shared-areas duty, stated or not)."""
    idx = index(kb, municipality)
    if spelling_enabled():
        question = correct(kb, question)
    found = [c for c in concepts(question, kb.concept_phrases()) if c.words not in unasked_words(kb)]
    weights = concept_weights(kb, found, idx)
    total = sum(weights) or 1.0
    scores: dict[str, float] = {}
    for key, description in descriptions.items():
        words = set(tokens(description))
        gained = sum(w for c, w in zip(found, weights) if any(all(t in words for t in a) for a in c.alternatives))
        scores[key] = gained / total
    return scores


def match_weight(kb: KnowledgeBase, question: str, municipality: str, ranked: Ranked) -> float:
    """How much of the question (summed idf of its matched concepts) a ranked candidate matches."""
    idx = index(kb, municipality)
    total = 0.0
    for concept in concepts(question, kb.concept_phrases()):
        if concept.words in ranked.matched:
            known = [v for v in (_alternative_idf(a, idx) for a in concept.alternatives) if v is not None]
            total += max(known, default=0.0)
    return total


def unnamed_things(kb: KnowledgeBase, question: str, municipality: str) -> list[str]:
    """The things a code addresses only by naming them (``named_only`` in knowledge/synonyms.yml: "smoke
    detector") that the question's asking sentence asks about and no provision of this code names."""
    things = set(kb.meta("named_only") or ())
    # "… has no stove … is he supposed to provide one?": the sentence that asks, with the thing "one" is (not with
    # what "that" is: "… old food in the fridge … Wasn't the landlord supposed to clean it?" asks about cleaning)
    asking = asking_with_antecedent(question, kb.meta("thing_references") or (), BACK_REFERENCE_MAX_WORDS)
    idx = index(kb, municipality)
    table = kb.synonyms()
    return [
        c.words
        for c in concepts(asking, kb.concept_phrases())
        if (c.words in things or c.words.rstrip("s") in things or any(w in things for w in c.words.split()))
        and (
            all(_alternative_idf(a, idx) is None for a in c.alternatives)
            # a thing the synonym table does not map is named by its own words as written ("my deposit": not "deposited")
            or (" " in c.words and c.words not in table and not _names_literally(idx, c.words))
        )
    ]


def _names_literally(idx: _Index, phrase: str) -> bool:
    """Whether every word of a phrase (but the stopwords) is a word of the municipality's text as written (or plural)."""
    words = [w for w in _WORD.findall(phrase.lower()) if w not in STOPWORDS]
    return all(any(re.search(rf"\b{re.escape(w)}(?:s|es)?\b", text) for text in idx.lowered) for w in words)


def has_housing_words(kb: KnowledgeBase, question: str, municipality: str | None = None) -> bool:
    """True when a message has housing content: a phrase of the synonym table, a topic keyword, a
    defined term of the codes, or one of the housing words the texts may not use (all data)."""
    if spelling_enabled():
        question = correct(kb, question)
    lowered = " " + " ".join(_WORD.findall(question.lower().replace("'", ""))) + " "
    synonyms = kb.synonyms()
    if any(c.words in synonyms for c in concepts(question, synonyms)):
        return True
    for phrase in kb.housing_words():
        if f" {phrase} " in lowered or f" {phrase}s " in lowered:
            return True
    raw = question.lower()
    if any(word in raw for config in kb.topic_configs().values() for word in config.keywords if len(word) >= 4):
        return True
    spelling = kb.spelling()  # the five texts' own words: a long one ("discontinuance") is housing content
    if any(len(w) >= CODE_WORD_MIN_LETTERS and w in spelling and w not in STOPWORDS for w in lowered.split()):
        return True
    return kb.match_term(question) is not None
