"""A yes/no question's lead: of the best few provisions, the first whose wording settles the question (a prohibition
answering "No", a requirement answering "Yes", a permission the code grants), when the best does not settle it."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from knowledge import question_form, selector
from knowledge.compose.figure_verdict import figure_verdict
from knowledge.compose.parts import first_part
from knowledge.compose.plain_verdict import CONDITIONAL, _verdict
from knowledge.yes_no_forms import also_applies, also_without, assumed_as_asked, grants, voids_asked

# A yes/no question leads with a prohibition that answers it "No" ("is he allowed to …?") when the best provision's
# wording settles nothing and the prohibition matches at most this much less of the question. (A "Yes" from a duty
# is not promoted: "must the halls of a four-unit building be lit?" is not answered by the five-or-more rule.)
SETTLE_MARGIN = 0.35
SETTLE_LOOK = 8


def _settles(question: str, ranked: Any, granted: bool = True, share: Callable[[Any], float] | None = None) -> bool:
    """Whether a provision answers a yes/no question "No" (a prohibition), or "Yes" by requiring what is asked
    about ("do I need a license?": "shall not rent … without having been issued a … license"), or (with ``granted``)
    "Yes" by a permission the code grants ("can I get the city inspector to come look?": "Upon a complaint … the
    Building Inspector may inspect")."""
    verdict = _verdict(question, ranked.candidate.text, share(ranked) if share else ranked.lexical)
    text = ranked.candidate.text
    if granted and verdict == "Yes" and question_form.PERMISSION.search(question) and grants(text):
        return True
    # (… "a defense"; "… by agreement?": "except where … assumed … by agreement")
    settling = question_form.REQUIRED_CONDITION.search(text) or question_form.NOT_RELIEVED.search(text) or assumed_as_asked(question, text)
    return verdict in ("No", CONDITIONAL) or (verdict == "Yes" and bool(settling or also_applies(question, text)))


# A permission the code grants leads a yes/no question only when it matches at most this much less than the best.
GRANTED_MARGIN = 0.05


def settling_first(
    question: str,
    ranked: Sequence[Any],
    share: Callable[[Any], float] | None = None,
    kb: Any = None,
    act_share: Callable[[Any], float] | None = None,
) -> list[Any]:
    """The ranking with the first of its best few that answers a yes/no question "No" (or "Yes" by a requirement:
    ``_settles``) moved to the front, when the best does not settle it ("pulled the condemned sign off, is he allowed?": "No person shall deface or remove the
    placard", not the sentence about referring the owner to the City Attorney); a permission the code grants only
    when none of them settles it so ("can he vote on my variance?": "No member of the Board shall take part …", not
    "the Board … may permit a variance"); unchanged otherwise. With ``kb``, the act the asking sentence names is read in
    the code's words too ("take it down": remove), for the prohibition of that very act; ``act_share`` (the asking
    sentence's share) lets that prohibition, when it is the best, settle it by what the sentence that asks matches."""
    ranked = list(ranked)
    question = first_part(question)  # "do i need a permit? from who": the yes or no is the first part's
    if not ranked or selector.question_kind(question) != "yes_no":
        return ranked
    # (the one forbidding the very act the asking sentence names first: "may an owner remove the placard …?": "No person
    # shall deface or remove the placard", not "No building … placarded … shall again be used …")
    asking = question_form.story_and_question(question)[1]
    asked = {selector.stem(w) for w in selector.tokens(asking)}
    if kb is not None:  # ... in the code's words too ("take it down": remove)
        asked |= {w for c in selector.concepts(asking, kb.concept_phrases()) for a in c.alternatives for w in a}
    forbids = lambda r: bool(selector.prohibited_stems(r.candidate.text) & asked)  # noqa: E731
    # (a sentence matched through the sentences it refers back to settles nothing by those words alone: "1 bathroom for
    # like 12 people. is that allowed" is not answered by "No such facilities shall be located in a basement.")
    said = {selector.stem(w) for w in selector.tokens(question)}
    own = lambda r: not getattr(r.candidate, "context", "") or bool({selector.stem(w) for w in selector.tokens(r.candidate.text)} & said)  # noqa: E731
    # (a figure the question states, weighed against the standard of that unit: "may the inspector allow an occupant 90
    # days to vacate …?": "… within a reasonable time, not to exceed 60 days", not the sentence on failing to comply)
    figured = lambda r: r.candidate.kind == "standard" and figure_verdict(r.candidate, question) is not None  # noqa: E731
    if ranked[0].candidate.kind != "standard":  # (a standard first speaks of its own figure: "vacant for more than 30 days")
        floor = ranked[0].lexical - SETTLE_MARGIN
        stated = next((r for r in ranked[1:SETTLE_LOOK] if r.lexical >= floor and figured(r)), None)
        if stated is not None:
            return [stated, *[r for r in ranked if r is not stated]]
    if _settles(question, ranked[0], granted=False):
        floor = ranked[0].lexical - SETTLE_MARGIN
        act = None if forbids(ranked[0]) else next(
            (r for r in ranked[1:SETTLE_LOOK] if r.lexical >= floor and own(r) and forbids(r) and _settles(question, r, granted=False)), None
        )
        return [act, *[r for r in ranked if r is not act]] if act is not None else ranked
    if forbids(ranked[0]) and act_share is not None and _settles(question, ranked[0], False, act_share):
        return ranked  # "… can i just take the placard off the door myself": the placard's own prohibition, by the asking sentence
    # a plain duty's "Yes" gives way only to a requirement ("do I need a permit?": "No person shall operate a
    # rooming house unless he holds a valid permit", not "This permit shall be displayed …")
    plain_yes = _verdict(question, ranked[0].candidate.text, ranked[0].lexical) is not None
    floor = ranked[0].lexical - SETTLE_MARGIN
    near = [r for r in ranked[1:SETTLE_LOOK] if r.lexical >= floor and own(r)]
    # (… or to the very quality asked, denied: "does the permit transfer?": "No such permit shall be transferable")
    # (… or to a permission granted only with what the question leaves out: "can he just show up like that?": "may enter …
    # at proper time after due notice")
    gives_way = lambda t: (  # noqa: E731
        question_form.REQUIRED_CONDITION.search(t)
        or question_form.denies_asked_quality(question, t)
        or voids_asked(question, t)
        or (question_form.granted_only_with(question, t) and not also_without(question, ranked[0].candidate.text))
    )  # (not where the best grants it without that very thing: "… may, without notice or hearing, issue an order")
    # (``share``: how much of the question a provision matches, for its yes or no: of the sentence that asks, after a
    # story, "… they just sleep there. do i need a permit for that?"; not when the best already answers plainly, and
    # only when no provision settles it by its match of the whole message)
    settling = [r for r in near if _settles(question, r, granted=False) and (not plain_yes or gives_way(r.candidate.text))]
    settles = next((r for r in settling if forbids(r)), settling[0] if settling else None)
    if settles is None and share is not None and not plain_yes:  # only when none settles it by the whole message
        settles = next((r for r in near if _settles(question, r, False, share)), None)
    if settles is None and not plain_yes and not _settles(question, ranked[0]):
        granted = ranked[0].lexical - GRANTED_MARGIN  # a permission granted leads only when it matches as much
        settles = next((r for r in near if r.lexical >= granted and _settles(question, r)), None)
    return [settles, *[r for r in ranked if r is not settles]] if settles is not None else ranked


# A provision that names all the best one names and more ("… shared bath in the basement …?": "No such facilities shall
# be located in a basement", its "such facilities" read from the sentence before it) leads when it matches at most this
# much less (its words found only in that sentence count for less), among the best few.
NAMING_MORE_MARGIN = 0.08
NAMING_MORE_LOOK = 5


def naming_more_first(question: str, ranked: Sequence[Any]) -> list[Any]:
    """``ranked`` with the first of the best few sentences that refer back ("No such facilities …") and match every
    concept the best matches and more put first, when they match a little less (their words found only in the sentence
    before them count for less; not for a figure question: its figure leads)."""
    ranked = list(ranked)
    if len(ranked) < 2 or selector.question_kind(question) == "figure":
        return ranked
    named = set(ranked[0].matched)
    for other in ranked[1:NAMING_MORE_LOOK]:
        if other.candidate.context and named < set(other.matched) and ranked[0].lexical - NAMING_MORE_MARGIN <= other.lexical < ranked[0].lexical:
            return [other, *(r for r in ranked if r is not other)]
    return ranked
