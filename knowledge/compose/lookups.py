"""Looking things up by name: a term's definition, a section by number, and the full verbatim
text of the last answer's citations ("quote the section").
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from knowledge.citations import with_prefix
from knowledge.compose.answer import Answer, citation_payload, shorten
from knowledge.kb import KnowledgeBase, Section, UnknownCitation
from knowledge.question_form import story_and_question
from knowledge.yes_no_forms import first_question, prefix_stems


def full_quotes(citations: Iterable[Mapping[str, Any]]) -> Answer:
    """The full verbatim text of the citations of the last answer ("quote the section")."""
    cited = [c for c in citations if c.get("quote")]
    if not cited:
        return Answer('Which section? Ask me a question first, or name one, like "show me 190-9".')
    text = "\n\n".join(f'{c["citation"]} ({c.get("heading", "")}):\n"{c["quote"]}"' for c in cited)
    return Answer(
        text, {"municipality": cited[0]["municipality"], "topic": "quote", "addressed": True, "citations": list(cited)}
    )


def _definition_payload(kb: KnowledgeBase, definition: Any) -> dict[str, Any]:
    muni = kb.municipality(definition.municipality)
    return {
        "municipality": muni.key,
        "citation": definition.full_citation or with_prefix(muni.citation_prefix, definition.citation),
        "section": definition.citation,
        "basis": definition.basis,
        "heading": f"definition of {definition.term}",
        "quote": definition.text,
    }


def definition_citations(kb: KnowledgeBase, definition: Any) -> list[dict[str, Any]]:
    """A definition's citation, and the section it sits in, verbatim as printed ("(1) APPROVED — …"), when that differs."""
    cited = [_definition_payload(kb, definition)]
    try:
        section = kb.section(definition.municipality, definition.citation)
        if section.text != definition.text and definition.text in section.text:
            cited.append(citation_payload(section))
    except UnknownCitation:
        pass
    return cited


def answer_definition(kb: KnowledgeBase, term: str | None, municipality: str | None = None) -> Answer:
    """What a term means: in one municipality's code, or in each covered code."""
    if not term:
        return Answer("Which term? For example: habitable room, infestation, rubbish, dwelling unit, occupant.")
    munis = [kb.municipality(municipality)] if municipality else kb.municipalities()
    lines, cited = [], []
    for muni in munis:
        found = kb.definitions(term, muni.key)
        if not found:
            lines.append(f'{muni.name}: the text does not define "{term}".')
            continue
        cited.extend(definition_citations(kb, found[0]))
        payload = _definition_payload(kb, found[0])
        if len(munis) == 1:  # the definition itself first ("In the Village of Dresser code, "nuisance" means …")
            lines.append(f'In the {muni.name} code, "{found[0].term.lower()}" means ({payload["citation"]}): "{shorten(found[0].text)}"')
        else:
            lines.append(f'{muni.name} — {found[0].term} ({payload["citation"]}): "{shorten(found[0].text)}"')
    if not cited:
        officer = munis[0].office if len(munis) == 1 else "enforcing officer"
        return Answer(
            f"The text{'s' if len(munis) > 1 else ''} I have do{'' if len(munis) > 1 else 'es'} not define "
            f'"{term}". Ask the {officer}.',
            {
                "topic": "definition",
                "term": term,
                "addressed": False,
                "citations": [],
                "municipality": munis[0].key if len(munis) == 1 else None,
            },
        )
    intro = f'What "{term}" means in the housing code{"s" if len(munis) > 1 else ""}:'
    payload = {
        "municipality": munis[0].key if len(munis) == 1 else None,
        "topic": "definition",
        "term": term,
        "addressed": True,
        "citations": cited,
    }
    return Answer("\n".join([intro, *lines] if len(munis) > 1 else lines), payload)


def _without_place_names(kb: KnowledgeBase, text: str) -> str:
    """The text without the covered places' names ("City of Muskego", a bare "muskego"), longest first."""
    names = {name for muni in kb.municipalities() for name in (muni.name, muni.key, *muni.aliases)}
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"\b{re.escape(name)}\b", " ", text or "", flags=re.IGNORECASE)
    return text


# The words a definition must share with the question to be the term asked of several named.
NAMED_TERM_MIN_SHARED = 2


def named_term(kb: KnowledgeBase, question: str, municipality: str) -> str | None:
    """The defined term a question names (:meth:`KnowledgeBase.match_term`); of several named without quotes ("in how
    many rooms must sleeping accommodations be offered … for a dwelling to be a hotel?"), the one whose definition
    shares the most words with the rest of the question (HOTEL: "… sleeping accommodations are offered …")."""
    first = kb.match_term(question, municipality)
    if first is None or kb.match_term(question, municipality, quoted_only=True):
        return first
    question = _without_place_names(kb, question)  # "… under the City of Muskego housing code?" names no CITY
    from knowledge.compose.membership import membership_term  # noqa: PLC0415

    member = membership_term(kb, question, municipality)
    if member:
        return member  # "do rats … around a building's dumpster count as an infestation?": the term it is asked of
    lowered = " ".join(re.findall(r"[a-z]+", question.lower()))
    terms = [t for t in kb.match_terms(question, municipality) if " ".join(re.findall(r"[a-z]+", t.lower())) in lowered]
    if terms and " ".join(re.findall(r"[a-z]+", first.lower())) not in lowered:
        return terms[-1]  # "is the manager legally the owner …?": the term named as such, not the one "manager" stands for
    if len(terms) < 2 or re.search(rf"\bdefin\w*\s+(?:of\s+)?(?:an?\s+|the\s+)?\W?{re.escape(first.lower())}", question.lower()):
        return first
    own = {w for term in terms for w in prefix_stems(term)}
    asked = prefix_stems(question) - own

    def shared(term: str) -> int:
        found = kb.definitions(term, municipality)
        return len((prefix_stems(found[0].text) - own) & asked) if found else 0

    best = max(terms, key=shared)
    return best if shared(best) > max(shared(first), NAMED_TERM_MIN_SHARED - 1) else first


def asked_term(kb: KnowledgeBase, question: str, municipality: str | None) -> str | None:
    """The defined term a question asks about: the one its asking sentence names ("… a hotel from a rooming
    house? How many rooms make a hotel?"), else the message's; as this code defines it ("cellar" in Amery),
    else as any code does (a synonym of another's)."""
    from knowledge.question_form import story_and_question

    if municipality:
        # a term in quotes anywhere ("define a 'rooming house' - specifically, how many … persons …?"): that term
        quoted = kb.match_term(_without_place_names(kb, question), municipality, quoted_only=True)
        if quoted:
            return quoted
        # a place's full name is no term ("… a habitable room under the City of Muskego housing code?" is not CITY)
        for text in (story_and_question(question)[1], question):
            term = named_term(kb, _without_place_names(kb, text), municipality)
            if term:
                return term
        from knowledge.compose.membership import membership_term

        implied = membership_term(kb, question, municipality)  # "does our newborn count in that?": an occupant?
        if implied:
            return implied
    return kb.match_term(question)


def compared_definitions(kb: KnowledgeBase, question: str, municipality: str) -> Answer | None:
    """Both definitions when a question asks how two terms this code defines differ ("What distinguishes a
    'basement' from a 'cellar'?": ``comparison_words`` in knowledge/synonyms.yml); None otherwise."""
    from knowledge import selector

    asked, comparing, first = set(re.findall(r"[a-z]+", question.lower())), set(kb.meta("comparison_words") or ()), first_question(question)
    if not asked & comparing or (first != story_and_question(question)[1] and not set(re.findall(r"[a-z]+", first.lower())) & comparing):
        return None  # (nor when a first question asks something else: "does overcrowding … constitute a nuisance, and how is …")
    place_words = selector.unasked_words(kb)  # "Muskego" names the place, not the code's definition of a city
    words = re.findall(r"[a-z0-9]+", selector.without_titles(kb, question).lower())
    terms = kb.match_terms(" ".join(w for w in words if w not in place_words), municipality)[:2]
    answers = [answer_definition(kb, term, municipality) for term in terms]
    if len(answers) < 2 or not all(a.payload.get("addressed") for a in answers):
        return None
    intro = f'How the {kb.municipality(municipality).name} code defines "{terms[0]}" and "{terms[1]}":'
    lines = [line for a in answers for line in a.text.splitlines()]
    cited = [a.payload["citations"][0] for a in answers] + [c for a in answers for c in a.payload["citations"][1:]]
    payload = {**answers[0].payload, "term": terms[0], "terms": terms, "citations": cited}
    return Answer("\n".join([intro, *lines]), payload)


# A text that prints at most this many section numbers is searched by heading, not by number.
FEW_PRINTED_NUMBERS = 5
HEADING_EXAMPLES = 6


def printed_numbers(kb: KnowledgeBase, municipality: str) -> list[Section]:
    """The top-most sections of a text whose number it prints or a cross-reference pins down."""
    numbered = [s for s in kb.sections(municipality) if s.basis in ("stated", "cross_reference")]
    citations = {s.citation for s in numbered}
    return [s for s in numbered if s.parent not in citations]


def unprinted_number_note(kb: KnowledgeBase, municipality: str, citation: str) -> str | None:
    """For a number the extract does not print, in a text that prints (almost) none: "The City of
    Muskego extract prints no section numbers except § 205-2; search by heading …". None when the
    text prints numbers enough that a missing one is simply not in the extract."""
    muni = kb.municipality(municipality)
    numbered = printed_numbers(kb, muni.key)
    if len(numbered) > FEW_PRINTED_NUMBERS:
        return None
    shown = [s.display for s in numbered]
    except_ = ""
    if shown:
        except_ = " except " + (", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0])
    place = muni.name.split(" of ")[-1]
    return (
        f"The {place} extract prints no section numbers{except_}, so it has no section "
        f"{citation.strip()} to show; search by heading instead (the {muni.office} has the full code)."
    )


def answer_section(kb: KnowledgeBase, citation: str, municipality: str | None = None) -> Answer:
    """A section by number, verbatim, with the units under it."""
    keys = kb.municipalities_for_citation(citation) or ([municipality] if municipality else [])
    if not keys:
        return Answer(
            f'I couldn\'t tell which code "{citation}" is from. {kb.section_numbering()} Name the municipality too.'
        )
    muni = kb.municipality(keys[0])
    try:
        section = kb.section(muni.key, citation)
    except UnknownCitation:
        note = unprinted_number_note(kb, muni.key, citation)
        if note:
            headings = [s.heading for s in kb.sections(muni.key) if not s.parent][:HEADING_EXAMPLES]
            return Answer(
                note + " For example: " + "; ".join(headings) + ".",
                {"municipality": muni.key, "topic": "section", "addressed": False, "citations": [], "by_heading": True},
            )
        return Answer(
            f"The {muni.name} text I have has no section {citation}. The extract may be cut off there; "
            f"the {muni.office} has the full code.",
            {"municipality": muni.key, "topic": "section", "addressed": False, "citations": []},
        )
    children = kb.children(muni.key, section.citation)
    lines = [f"{section.full_citation} — {section.heading}", f'"{section.text}"']
    if section.basis in ("inferred", "unknown"):
        lines.append(
            "(The extract does not print this section's number or letter; it is identified from its place in the text.)"
        )
    for child in children[:8]:
        lines.append(f'- {child.display}: "{shorten(child.text, 200)}"')
    if len(children) > 8:
        lines.append(f'(and {len(children) - 8} more parts: say "quote the section")')
    cited = [section, *children]
    return Answer(
        "\n".join(lines),
        {
            "municipality": muni.key,
            "topic": "section",
            "addressed": True,
            "citations": [citation_payload(s) for s in cited],
        },
    )
