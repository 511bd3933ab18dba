"""Hand-off to a person: who enforces each code, for "can I talk to someone?" / "who do I call?".

The texts name each municipality's enforcing officer and office but give no phone numbers or
addresses, so none is given here. The answer's payload carries ``handoff: true``, which puts the
conversation on the clerk desk's review list (bot/channels/clerk.py).
"""

from __future__ import annotations

import re
from typing import Any

from knowledge import question_form, selector
from knowledge.buttons import municipality_buttons
from knowledge.compose import Answer, citation_payload, quote_lines
from knowledge.compose.answer import shorten, source_line
from knowledge.compose.lookups import _definition_payload
from knowledge.kb import KnowledgeBase, Section
from knowledge.phrase_match import has_phrase


def officer_words(office: str, officer: str) -> str:
    """ "the Building and Housing Inspector", "the Office of Building Inspector" (the officer only when it adds)."""
    return f"the {office}" if officer.lower() in office.lower() else f"the {office} ({officer})"


def officer_section(kb: KnowledgeBase, municipality: str, question: str = "", topic: str | None = None) -> Section | None:
    """The section that shows the enforcing officer's role for what was asked: of the sections naming
    the officer, the one the question matches best ("who do I call about my rental license?" → the
    license section), or of the ``topic`` in play when the question names none ("who do i apply thru" after a
    license answer), else the first in the text (usually the officer's authority to inspect)."""
    muni = kb.municipality(municipality)
    naming = [s for s in kb.sections(muni.key) if muni.enforcing_officer.lower() in s.text.lower()]
    if not naming:
        return None
    config = kb.meta("handoff") or {}
    question = _without_ignored(kb, question)
    role_words = _role_words(kb)  # in order of preference
    # only a question on a subject of the codes picks its section ("who do I call about my rental license?"); a
    # complaint in general ("… about my apartment being unsafe?") gets the officer's role
    # ("about having no heat?" names heating, whose sections never name the officer: the officer's role then)
    in_play = _step_of(kb, question, topic)  # "who do i apply thru" after a license answer: its section, however little matches
    subject = _subject(kb, question) or in_play
    covering = _covering(kb, muni.key, subject)
    on_subject = [s for s in naming if s.citation in covering]
    officer = _words(muni.enforcing_officer)
    # of the sections on the subject, one the question matches well enough; else one where the officer acts on it ("…
    # the outlets that spark. somebody I can report this to?": "The Building Inspector shall investigate all electrical
    # deficiencies …")
    acting = [s for s in on_subject if _role_words_near(s.text, officer) & set(role_words)]
    if not in_play and _complains(config, question):
        # "… mold all over my bathroom and the landlord won't do anything": the officer acting on it, else his role (not
        # "Every rental dwelling unit shall contain a room … approved by the Building Inspector")
        on_subject = []
    for pool, enough in ((on_subject, bool(in_play)), (acting, True)):
        if not pool:
            continue
        scores = selector.match_descriptions(kb, question, muni.key, {str(i): s.text for i, s in enumerate(pool)})
        best = max(
            range(len(pool)),
            key=lambda i: (scores.get(str(i), 0.0), bool(set(role_words) & set(selector.tokens(pool[i].text))), -i),
        )
        if enough or scores.get(str(best), 0.0) >= float(config.get("min_match", 1.0)):
            return pool[best]
    roles = [s for s in naming if "definition" not in f"{s.heading} {s.full_citation}".lower()] or naming
    for word in role_words:  # (a definition that gives the role counts too: "the Health Officer appointed to enforce")
        found = next((s for pool in (roles, naming) for s in pool if word in _role_words_near(s.text, officer)), None)
        if found is not None:
            return found
    return naming[0]


# A role word counts when it is this many words or fewer from the officer's name ("the Building Inspector
# is hereby authorized", not "upon order of the Health Officer or any other authorized officials").
ROLE_WORD_REACH = 3


def _complains(config: dict[str, Any], question: str) -> bool:
    """Whether a question to a person complains that the other side does nothing (``complaint_phrases`` of the
    hand-off: "the landlord won't do anything", "… ignores us")."""
    lowered = " ".join(question.lower().replace("’", "'").split())
    return any(re.search(rf"\b{re.escape(str(p))}\b", lowered) for p in config.get("complaint_phrases") or ())


def _without_ignored(kb: KnowledgeBase, question: str) -> str:
    """A question to a person without the words of asking for one (``ignore_words`` of the hand-off: "contact",
    "inspector", "village"), which say nothing about what it is about."""
    ignored = set(selector.tokens(" ".join((kb.meta("handoff") or {}).get("ignore_words") or ())))
    return " ".join(w for w in question.split() if not set(selector.tokens(w)) & ignored)


def _subject(kb: KnowledgeBase, question: str) -> str | None:
    """The subject of the codes (a topic) a question to a person names ("… about my rental license?"), or None."""
    from knowledge.compose.unsure import topic_from_text

    return topic_from_text(kb, question) if question.strip() else None


def _step_of(kb: KnowledgeBase, question: str, topic: str | None) -> str | None:
    """The topic in play when a question to a person names no subject but a step of its procedure ("who do i apply
    thru" after a license answer: ``procedure_words`` of the hand-off); None otherwise (a complaint, "who do I call
    about this?", gets the officer's role)."""
    if not topic or topic not in kb.topics() or _subject(kb, question) is not None:
        return None
    procedure = [str(w).lower() for w in (kb.meta("handoff") or {}).get("procedure_words") or ()]
    steps = set(selector.tokens(" ".join(procedure)))
    said = set(re.findall(r"[a-z]+", question.lower()))  # ("tell" is a stopword of the selector's)
    return topic if steps & set(selector.tokens(question)) or said & set(procedure) else None


def _specific(kb: KnowledgeBase, question: str) -> bool:
    """Whether a question to a person names a subject of the codes ("… about my rental license?")."""
    return _subject(kb, question) is not None


def _role_words(kb: KnowledgeBase) -> list[str]:
    """The words of the officer's role (``role_words`` of the hand-off in knowledge/vocab.yml), in order of preference."""
    return selector.tokens(" ".join((kb.meta("handoff") or {}).get("role_words") or ()))


def _enforces(kb: KnowledgeBase, muni: Any, section: Section | None) -> bool:
    """Whether a section says, near the officer's name, the first role word (that the officer enforces the code)."""
    words = _role_words(kb)
    return bool(section and words) and words[0] in _role_words_near(section.text, _words(muni.enforcing_officer))


def _enforcing_definition(kb: KnowledgeBase, muni: Any) -> Any | None:
    """A definition that says the officer enforces the code ("Approved shall mean approved by the Health Officer
    appointed to enforce the provisions of this chapter"), for a code whose sections never say it; None otherwise."""
    words = _role_words(kb)
    officer = _words(muni.enforcing_officer)
    for term in dict.fromkeys(kb.term_phrases(muni.key).values()):
        for definition in kb.definitions(term, muni.key):
            if words and words[0] in _role_words_near(definition.text, officer):
                return definition
    return None


def _officer_definition(kb: KnowledgeBase, muni: Any) -> Any | None:
    """The code's definition of its enforcing officer or office ("Building Inspector: The Building Inspector of the City
    of Amery or his/her authorized representative"), or None where it defines neither."""
    names = {" ".join(_words(n)) for n in (muni.enforcing_officer, muni.office) if n}
    for phrase, term in kb.term_phrases(muni.key).items():
        if " ".join(_words(phrase)) in names:
            found = kb.definitions(term, muni.key)
            if found:
                return found[0]
    return None


def _words(text: str) -> list[str]:
    """Every word of a text, stemmed as the selector stems them (stopwords kept: they count as distance)."""
    return [selector.stem(w) for w in re.findall(r"[a-z0-9]+", text.lower())]


def _role_words_near(text: str, officer: list[str]) -> set[str]:
    """The words of a text at most ``ROLE_WORD_REACH`` words from the officer's name (``officer``, as words)."""
    return _near(_words(text), officer, ROLE_WORD_REACH)


def _covering(kb: KnowledgeBase, municipality: str, subject: str | None) -> set[str]:
    """The citations of the sections that address a subject (a topic) in a municipality's code; none without one."""
    return {c.citation for c in kb.coverage(municipality, subject).sections} if subject else set()


def _near(words: list[str], name: list[str], reach: int) -> set[str]:
    """The words at most ``reach`` words before or after an occurrence of ``name`` in ``words``."""
    near: set[str] = set()
    for i in range(len(words) - len(name) + 1):
        if name and words[i : i + len(name)] == name:
            near.update(words[max(0, i - reach) : i])
            near.update(words[i + len(name) : i + len(name) + reach])
    return near


def wants_person(kb: KnowledgeBase, text: str) -> bool:
    """Whether a message asks for a person to call or to come (vocab.yml ``handoff.asking_phrases``)."""
    config = kb.meta("handoff") or {}
    fillers = set(config.get("filler_words") or ())
    lowered = " ".join(w for w in str(text or "").lower().replace("’", "'").split() if w not in fillers)
    lowered = re.sub(str(config["told_of_others"]), " ", lowered) if config.get("told_of_others") else lowered
    phrases = config.get("asking_phrases") or ()
    if config.get("officer_asked") and re.search(str(config["officer_asked"]), lowered):
        return False  # "can the building inspector come look at it …?": what the officer may do
    return has_phrase(lowered, phrases)


def _asks_duty_or_leave(text: str, config: dict[str, Any]) -> bool:
    """Whether the sentence that asks is a yes/no question of duty or permission naming no way of contacting anyone
    ("amery bldg inspector called, wants in my rental tmrw morning. no notice. do i have to let him in?")."""
    asking = question_form.story_and_question(text)[1]
    contact = {str(w).lower() for w in config.get("contact_words") or ()}
    return (
        question_form.question_kind(asking) == "yes_no"
        and bool(question_form.OBLIGATION.search(asking) or question_form.PERMISSION.search(asking))
        and not contact & set(re.findall(r"[a-z]+", asking.lower()))
    )


def asks_the_code(kb: KnowledgeBase, text: str) -> bool:
    """Whether a message the classifier took for a request for a person is a question about the code itself: a
    what/how/when question (or a yes/no question of duty or permission) that asks for no person (``wants_person``) and has housing words besides the words of
    contacting someone and the officers' titles ("how is the manager required to inform the owner?")."""
    config = kb.meta("handoff") or {}
    if wants_person(kb, text) or not (question_form.asks_wh(text) or _asks_duty_or_leave(text, config)):
        return False
    ignored = {str(w).lower() for w in config.get("ignore_words") or ()}
    titles = " ".join(kb.fact_vocabulary().officer_titles)
    ignored |= set(re.findall(r"[a-z]+", titles))
    rest = " ".join(w for w in re.findall(r"[a-z']+", str(text).lower()) if w not in ignored)
    return selector.has_housing_words(kb, rest)


def handoff(kb: KnowledgeBase, municipality: str | None = None, question: str = "", topic: str | None = None) -> Answer:
    """Who to contact about the code of ``municipality`` (or of every covered municipality when unknown),
    with the section that shows the officer's role (the one ``question`` is about, where it names one, else the
    one of the ``topic`` in play)."""
    note = (
        "The code texts I have give no phone number or address for that office: the municipality's "
        "hall can tell you how to reach it. I've also put this conversation on the clerk's review list, so a "
        "person can look at it."
    )
    if municipality:
        muni = kb.municipality(municipality)
        text = (
            f"To talk to a person about the {muni.name} housing code: "
            f"{officer_words(muni.office, muni.enforcing_officer)} enforces it. {note}"
        )
        officers = [{"municipality": muni.key, "office": muni.office, "officer": muni.enforcing_officer}]
        section = officer_section(kb, muni.key, question, topic)
        asked = _without_ignored(kb, question)
        # ("Who at the Village … actually enforces the housing rules for the rooming house I live in?" asks the
        # officer's role, whatever subject it names)
        asks_role = bool(set(_role_words(kb)[:1]) & set(selector.tokens(asked)))
        specific = not asks_role and (_specific(kb, asked) or _step_of(kb, asked, topic) is not None)
        if specific and _complains(kb.meta("handoff") or {}, question) and section is not None:
            # "… my landlord ignoring a broken toilet …": a complaint whose subject has no section where the officer acts
            # gets the officer's role in general (the definition that says he enforces the code, where that is all)
            specific = section.citation in _covering(kb, muni.key, _subject(kb, asked))
        defined = None if specific or _enforces(kb, muni, section) else _enforcing_definition(kb, muni)
        if defined is not None:  # "Approved shall mean approved by the Health Officer appointed to enforce …"
            cited = _definition_payload(kb, defined)
            line = source_line(cited["citation"], shorten(defined.text))
            payload = {"handoff": True, "municipality": muni.key, "officers": officers, "citations": [cited]}
            return Answer(f"{text}\n{line}", payload)
        payload = {
            "handoff": True,
            "municipality": muni.key,
            "officers": officers,
            "citations": [citation_payload(section)] if section else [],
        }
        lines = text + ("\n" + quote_lines([section]) if section else "")
        named = None if specific else _officer_definition(kb, muni)
        if named is not None:  # who the officer is, in the code's own words ("The Building Inspector of the City of …")
            payload["citations"].append(_definition_payload(kb, named))
            lines += "\n" + source_line(payload["citations"][-1]["citation"], shorten(named.text))
        return Answer(lines, payload)
    munis = kb.municipalities()
    lines = [f"- {m.name}: {officer_words(m.office, m.enforcing_officer)}" for m in munis]
    text = (
        "To talk to a person, contact the office that enforces the housing code where the dwelling is:\n"
        + "\n".join(lines)
        + "\nThe code texts I have give no phone numbers or addresses for these offices: each municipality's "
        "hall can tell you how to reach them. I've also put this conversation on the clerk's review list, so a "
        "person can look at it. Which municipality is the dwelling in?"
    )
    officers = [{"municipality": m.key, "office": m.office, "officer": m.enforcing_officer} for m in munis]
    buttons = municipality_buttons(munis)
    # it asks which municipality, as any question without one does: the answer names that one's officer and section
    return Answer(text, {"handoff": True, "municipality": None, "officers": officers, "ask": "municipality"}, buttons)
