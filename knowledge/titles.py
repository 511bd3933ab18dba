"""The codes' and places' own names in a question (``without_titles``), which name no provision; and officers' titles
in a question (facts.yml ``officer_titles``: "building inspector", "health officer"): who is involved, which weighs
little beside what is asked.
"""

from __future__ import annotations

import re
import weakref
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from knowledge.question_form import _WORD, story_and_question

if TYPE_CHECKING:
    from knowledge.kb import KnowledgeBase, Municipality
    from knowledge.selector import Concept


# An officer's title told in a question's story, not in its last sentence ("got a violation notice from the
# building inspector yesterday. how long do i have to appeal it?"), says who is involved, not what is asked:
# it weighs this share of its weight. A question about an officer (``officer_questions``) keeps it.
OFFICER_TITLE_SHARE = 0.2


def asks_for_officer(kb: KnowledgeBase, question: str) -> bool:
    """Whether a question asks which officer or body acts (facts.yml ``officer_questions``: "who approves …?", "which
    city official should …?", "whose approval is needed?")."""
    return any(p.search(question) for p in kb.fact_vocabulary().officer_questions)


def titles_weigh_little(
    kb: KnowledgeBase, question: str, found: Sequence[Concept], weights: list[float]
) -> list[float]:
    """The concepts' weights with the officer titles (facts.yml ``officer_titles``) that only a question's story
    names cut to OFFICER_TITLE_SHARE."""
    story, asking = story_and_question(question)
    if not story or asks_for_officer(kb, question):
        return weights
    words = named_titles(kb, story) - named_titles(kb, asking)
    if not words:
        return weights
    return [w * OFFICER_TITLE_SHARE if set(c.words.split()) <= words else w for c, w in zip(found, weights)]


def named_titles(kb: KnowledgeBase, question: str) -> frozenset[str]:
    """The words of the officer titles a question names ("can the building inspector come in?" -> building, inspector)."""
    lowered = " " + " ".join(_WORD.findall(question.lower())) + " "
    return frozenset(w for t in kb.fact_vocabulary().officer_titles if f" {t} " in lowered for w in t.split())


def who_words(kb: KnowledgeBase, question: str, found: Sequence[Concept]) -> frozenset[str]:
    """The words of the officer titles a question names ("can the building inspector come into my apartment?"), with
    the parties it names ("does my landlord have to agree?"), when it names other things too (what they may do); empty
    when it names none or nothing else. A provision that matches only these says who, not what."""
    parties = {w for c in found for w in c.words.split() if any(p.search(w) for p in kb.fact_vocabulary().party_words)}
    words = named_titles(kb, question) | parties
    return words if words and any(not set(c.words.split()) <= words for c in found) else frozenset()


_TITLES: weakref.WeakKeyDictionary[KnowledgeBase, re.Pattern[str]] = weakref.WeakKeyDictionary()


def without_titles(kb: KnowledgeBase, question: str) -> str:
    """The question without the codes' own titles and names ("the city code": synonyms.yml code_names, and
    ``before_authority``: "off the hook w the inspector") and the covered
    places' names: "the Amery Minimum Housing Code" names the code, not a minimum or what is asked about, and "howard -
    whats the fine" the place, not a provision naming it. (One pattern per knowledge base, longest title first: select()
    calls this per question.)"""
    pattern = _TITLES.get(kb)
    if pattern is None:
        titles = {m.code_title.lower() for m in kb.municipalities() if m.code_title}
        titles |= {"minimum housing code", "minimum standards housing code", *(kb.meta("code_names") or ())}
        titles |= set(kb.meta("before_authority") or ())  # "off the hook w the inspector": whom, not what
        # the covered places' own names: "howard - whats the fine" does not ask about the purpose clause naming Howard
        titles |= {n.lower() for m in kb.municipalities() for n in (m.key, m.name, *m.aliases)}
        alternatives = "|".join(re.escape(t) for t in sorted(titles, key=len, reverse=True))
        pattern = _TITLES[kb] = re.compile(rf"\b(?:{alternatives})\b", re.I)
    phrases = kb.concept_phrases()
    # "Under the City of Amery definitions": one space
    return re.sub(r"[ \t]{2,}", " ", pattern.sub(lambda found: _kind_word(found, phrases), question))


def _kind_word(found: re.Match[str], phrases: Iterable[str]) -> str:
    """What is left of a place's name: its kind where the words before it make a phrase of the synonym table with it
    ("call the City of Amery" still calls the city: "call the city"), else a space ("In the Town of Holland, …")."""
    kind = re.match(r"(town|city|village) of\b(?!.*\bcode\b)", found.group(0), re.I)  # a code's title: nothing
    if kind is None:
        return " "
    said = " ".join([*re.findall(r"[a-z]+", found.string[: found.start()].lower())[-2:], kind.group(1).lower()])
    return f" {kind.group(1)} " if any(p.startswith(said) for p in phrases) else " "


# An officer question ("which official issues rooming house permits?") leads with the best provision that
# names an officer or body when it matches at most this much less of the question than the best one.
OFFICER_MARGIN = 0.25


def asks_whom_to_contact(kb: KnowledgeBase, question: str) -> bool:
    """Whether a question asks whom to contact about what its story tells (facts.yml ``contact_questions``: "… the outlets
    spark … Who at the city should I contact about this?")."""
    return any(p.search(question) for p in kb.fact_vocabulary().contact_questions)


def naming_an_officer(kb: KnowledgeBase, muni: Municipality, ranked: Sequence[Any], anywhere: bool = False) -> list[Any]:
    """The ranking with the best provision that names an officer or a body first ("… issued by the Health
    Officer"), for a question that asks which official acts (``facts.yml`` ``officer_questions``); with ``anywhere`` (a
    question whom to contact), any of the ranking when none of those that match well names one."""
    ranked = list(ranked)
    if not ranked:
        return ranked
    titles = {muni.enforcing_officer.lower(), muni.office.lower(), *kb.fact_vocabulary().officer_titles}
    floor = ranked[0].lexical - OFFICER_MARGIN
    # a body named in full first ("… before the Housing Appeals Board"), then any ("No member of the Board shall …");
    # then, for whom to contact, any of the topic's ("the outlets spark … Who at the city should I contact about this?"
    # is the Building Inspector's "shall investigate all electrical deficiencies")
    # (whom to contact: the enforcing officer first, wherever it stands: "… power get shut off … who do we even call?" is
    # "… the Health Officer shall be notified …", not the shut-off's exception "… approved by the Department of Public Works")
    passes = (floor, 0.0) if anywhere else (floor,)
    own = [(least, {muni.enforcing_officer.lower(), muni.office.lower()}) for least in passes] if anywhere else []
    for least, named in [*own, *((least, n) for least in passes for n in ({t for t in titles if " " in t}, titles))]:
        # (below the floor, the one matching most: "… gas shut off … does anyone at the village get told about that?" is
        # "… the Health Officer shall be notified …", not "… upon order of the Health Officer …")
        order = ranked if least else sorted(ranked, key=lambda r: -r.lexical)
        for r in order:
            if r.candidate.kind == "rule":
                continue  # a party's duty ("No owner … shall cause … except … approved by the Department of Public Works")
            lowered = " " + " ".join(re.findall(r"[a-z]+", r.candidate.text.lower())) + " "
            if r.lexical >= least and any(f" {t} " in lowered for t in named):
                return [r, *[x for x in ranked if x is not r]]
    return ranked
