"""Answers a definition of the code gives: whether something falls under a defined term ("… Does that already count as
an infestation?"), a term the question quotes, the yes or no a definition settles for a topic the code otherwise leaves
alone, and the definition whose words answer a question its topic leaves alone."""

from __future__ import annotations

import re

from knowledge import question_form, selector
from knowledge.compose import membership
from knowledge.compose.answer import Answer, not_addressed
from knowledge.compose.capacity import asks_if_bound
from knowledge.compose.elsewhere import defined_elsewhere
from knowledge.compose.lookups import answer_definition
from knowledge.compose.membership import counted_as, membership_term, with_membership
from knowledge.compose.term_names import named_term, term_names
from knowledge.kb import KnowledgeBase
from knowledge.sentences import states_a_figure

# A definition's count of what it is made of ("Any dwelling containing more than two dwelling units."): a figure too.
_COUNT_OF_UNITS = re.compile(
    r"\b(?:more than|less than|fewer than|at least|not more than|two or more|three or more)\s+(?:\w+\s+){0,2}?(?:dwelling units|units|rooms|persons)\b",
    re.IGNORECASE,
)


def member_definition(kb: KnowledgeBase, question: str, municipality: str) -> Answer | None:
    """The definition a yes/no question asks whether something falls under ("… Does that already count as an
    infestation?", "Does that include a baby?": an occupant), with its yes or no where it settles one; None otherwise."""
    asking = question_form.story_and_question(question)[1]  # "… The bedroom is 110 square feet … Does the baby count?"
    # ("does the baby count as an occupant for the sq ft rule?" names a figure, but opens as yes or no)
    yes_no = "yes_no" in (selector.question_kind(question), selector.question_kind(asking)) or question_form.asking_opens_with(asking, {"does", "do", "is", "are", "can", "could", "may", "would"})
    # ("… a baby 3 months old does the baby count as a occupant for the sq ft rules": whether someone counts, asked mid-message)
    yes_no = yes_no or bool(counted_as(kb, asking)) or asks_if_bound(kb, question)  # ("am i responsible under the code")
    member = membership_term(kb, question, municipality) or (term_then_asks(kb, question, municipality) if yes_no else None)
    member = member or (None if yes_no else _become_term(kb, question, municipality))
    defined = kb.definitions(member, municipality) if member and not yes_no else ()
    counts = defined and (
        states_a_figure(defined[0].text) or _COUNT_OF_UNITS.search(defined[0].text)
        or re.search(rf"\b{membership._share_pattern()}\s+or\s+more\b", defined[0].text, re.IGNORECASE)  # "one-half or more of its … height"
    )
    if member and not yes_no and not (selector.question_kind(asking) == "figure" and counts):
        member = None  # (but "to how many persons must space be let before … counts as a rooming house?": its figure)
    if member is None:  # "… 6 rooms by the night to people passing thru … is that a hotel or a rooming house?"
        return _chosen_of_two(kb, question, municipality)
    return with_membership(kb, question, member, municipality, answer_definition(kb, member, municipality))


def term_then_asks(kb: KnowledgeBase, question: str, municipality: str) -> str | None:
    """The defined term named right before one of ``definition_membership.term_then_asks`` in the sentence that asks,
    after the words of ``names_term`` ("… does the term owner include a land contract vendee?", "does the definition of
    a dwelling unit cover a basement apartment?"); None otherwise."""
    config = kb.meta("definition_membership") or {}
    asking = question_form.story_and_question(question)[1] or question
    words = " ".join(re.findall(r"[a-z0-9]+", asking.lower().replace("'", "")))
    naming = "|".join(re.escape(str(p)) for p in config.get("names_term") or ())
    verbs = "|".join(re.escape(str(v)) for v in config.get("term_then_asks") or ())
    if not naming or not verbs:
        return None
    found = re.search(rf"\b(?:{naming}) ((?:\w+ ){{1,3}}?)(?:{verbs})\b", words)
    if not found:
        return None
    named = found.group(1).strip()
    return named_term(term_names(kb, municipality), named)


def _become_term(kb: KnowledgeBase, question: str, municipality: str) -> str | None:
    """The term a story says something becomes (``definition_membership.becomes``), when the sentence that asks is a
    figure question naming no term ("… if he rents to enough people it turns into a rooming house … How many renters
    does it take?"); None otherwise."""
    story, asking = question_form.story_and_question(question)
    if not story or selector.question_kind(asking) != "figure":
        return None
    words = " ".join(re.findall(r"[a-z]+", story.lower()))
    # (only the terms and verbs the story holds at all are looked for where they stand)
    terms = {" ".join(re.findall(r"[a-z]+", p.lower())): t for p, t in kb.term_phrases(municipality).items()}
    terms = {phrase: term for phrase, term in terms.items() if phrase in words}
    for verb in [v for v in (kb.meta("definition_membership") or {}).get("becomes") or () if str(v) in words]:
        for phrase, term in terms.items():
            if re.search(rf"\b{re.escape(str(verb))} (?:a |an )?{re.escape(phrase)}\b", words):
                return term
    return None


def _chosen_of_two(kb: KnowledgeBase, question: str, municipality: str) -> Answer | None:
    """Of two terms the sentence that asks offers as a choice, the one whose definition the count the question tells
    meets, first, then the other's definition (each quoted once); None unless exactly one is met."""
    if not membership._choice_of_terms(kb, question, municipality):
        return None
    terms = kb.match_terms(question_form.story_and_question(question)[1] or question, municipality)
    if len(terms) != 2:
        return None
    chosen = membership._chosen_by_count(kb, question, municipality, answer_definition(kb, terms[1], municipality))
    if chosen is not None and chosen.text.lower().startswith(terms[1].lower()):  # the other one's definition follows
        chosen = membership._chosen_by_count(kb, question, municipality, answer_definition(kb, terms[0], municipality))
    return chosen


def quoted_definition(kb: KnowledgeBase, question: str, municipality: str) -> Answer | None:
    """The definition of a term this code defines that the question quotes ("What is the 'Board' in ch. 205?",
    "… before a dwelling is a 'rooming house'?"), with its yes or no where it settles one; None when the
    question quotes none or asks who."""
    quoted = kb.match_term(question_form.story_and_question(question)[1], municipality, quoted_only=True)  # not a story's 'apartment'
    if not quoted or selector.question_kind(question) == "who":
        return None
    return with_membership(kb, question, quoted, municipality, answer_definition(kb, quoted, municipality))


def settled_by_definition(kb: KnowledgeBase, question: str, municipality: str) -> Answer | None:
    """The yes or no a definition of the code settles ("Is overcrowding a room a nuisance in Dresser?"), for a
    topic the code otherwise leaves alone; None when no defined term's clause settles it."""
    term = kb.match_term(question, municipality)
    asking = question_form.story_and_question(question)[1]
    if not term or (selector.question_kind(question) == "figure" and not kb.match_term(asking, municipality)):
        return None  # "… finishing a basement bedroom … whats the min ceiling height": no definition settles a figure
    answer = with_membership(kb, question, term, municipality, answer_definition(kb, term, municipality))
    # ("Under the Village of Dresser Housing Code, who must approve extermination methods?": the clause naming who)
    who = "asked_clause" in answer.payload and selector.question_kind(question) == "who"
    return answer if "yes_no" in answer.payload or who else None


def defined_for(kb: KnowledgeBase, question: str, municipality: str, role: str | None = None) -> Answer | None:
    """The definition whose words answer a yes/no question its topic leaves alone (``defined_elsewhere``), with
    what it settles; None when no definition holds enough of the question."""
    term = defined_elsewhere(kb, kb.municipality(municipality), question, role)
    return with_membership(kb, question, term, municipality, answer_definition(kb, term, municipality)) if term else None


def with_silence(kb: KnowledgeBase, answer: Answer, municipality: str, topic: str, question: str) -> Answer:
    """A definition's yes or no for a topic this code leaves alone, then what the text does not address ("Yes. … "(b)
    Overcrowding a room with occupants."", then that it sets no floor space per occupant); as it is otherwise, and for
    a figure asked ("how much of its height must be below grade to count as a basement?": the definition's own)."""
    coverage = kb.coverage(municipality, topic)
    if coverage.addressed:
        return answer
    unaddressed = not_addressed(kb.municipality(municipality), coverage.description.lower(), topic, coverage)
    if not answer.text.startswith(("Yes", "No")):  # neither a clause of it nor its term named ("it's freezing … a
        # certain temperature?" in Dresser, which defines only "ordinary minimum winter conditions"): what it leaves alone
        named = "asked_clause" in answer.payload or selector.names_term(question, str(answer.payload.get("term") or ""))
        return answer if named else unaddressed
    if selector.question_kind(question) == "figure":
        return answer
    first, *rest = answer.text.split("\n")
    silent = unaddressed.text.split("\n")[0]
    return Answer("\n".join([first, silent, *rest]), answer.payload, answer.buttons)
