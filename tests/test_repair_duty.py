"""Who keeps the structure in repair (roof, walls, windows, stairs): the party where the code names one, with the
requirement the question is about; the honest "does not say who" where it names none (issue "Answer the question
that was asked": "Who has to fix a leaking roof?" is the maintenance topic's own example)."""

from __future__ import annotations

from knowledge.compose import answer_for_duty, answer_topic

ROOF = "The roof over my bedroom leaks whenever it rains. Who is supposed to fix the roof?"


def test_holland_names_the_owner_from_the_lead_in_and_quotes_the_roof_requirement(kb):
    answer = answer_topic(kb, "holland", "maintenance", question=ROOF, ranking=[("ask_maintenance", 0.9)])
    first = answer.text.split("\n")[0]
    assert "responsibility of the owner" in first and "forbids letting" in first, answer.text
    quotes = [c["quote"] for c in answer.payload["citations"]]
    assert any("let to another for occupancy" in q for q in quotes), quotes
    assert any("ceiling and roof shall be reasonably weathertight" in q for q in quotes), quotes


def test_the_action_path_quotes_the_requirement_too(kb):
    """The action answers a "who" question by its duty; the roof sentence still follows the party."""
    answer = answer_for_duty(kb, "amery", "keep_in_repair", {}, "maintenance", question="who has to fix the rotting porch steps?")
    assert "responsibility of the owner" in answer.text.split("\n")[0]
    assert "Stairs, porches, and appurtenances" in answer.text, answer.text


def test_howard_names_the_owner_unless_taken_on_by_agreement(kb):
    answer = answer_topic(kb, "howard", "maintenance", question=ROOF, ranking=[("ask_maintenance", 0.9)])
    lines = answer.text.split("\n")
    assert "responsibility of the owner" in lines[0] and "agreement" in lines[1], answer.text


def test_muskego_names_the_owner_who_lets_the_unit(kb):
    """Muskego's maintenance lead-in names no one, but its H forbids an owner to rent out a unit that does not
    comply with the chapter: the owner who lets it, with H quoted and the roof requirement after it."""
    answer = answer_for_duty(kb, "muskego", "keep_in_repair", {}, "maintenance", question=ROOF)
    lines = answer.text.split("\n")
    assert "responsibility of the owner" in lines[0] and "rents out" in lines[0], answer.text
    assert "Maintenance, H" in lines[1] and "No owner shall occupy or rent" in lines[1], answer.text
    assert "weathertight" in answer.text, answer.text


def test_among_rules_of_one_duty_the_one_the_question_names_is_quoted(kb):
    """Amery has two rules for supplied facilities (the owner or operator in both): a dripping pipe quotes the
    plumbing one."""
    question = "the pipe under my kitchen sink has been dripping for a month. who's supposed to fix it"
    answer = answer_for_duty(kb, "amery", "maintain_supplied_facilities", {}, "maintenance", question=question)
    assert "water waste pipe" in answer.text.split("\n")[1], answer.text


def test_a_leaky_roof_question_is_not_answered_by_the_lead_in_alone(kb):
    """The lead-in ("… which does not comply with the following") never leads a yes/no answer by itself."""
    answer = answer_topic(kb, "amery", "maintenance", question="is a leaky roof ok if the landlord says wait till summer?")
    assert "watertight" in answer.text.split("\n")[0], answer.text


def test_the_requirement_asked_about_is_cited_right_after_the_party(kb):
    """Howard's owner carries repair "except where … assumed … by agreement": the roof requirement the tenant asked
    about is the second citation, before the agreement's exception."""
    question = (
        "Every time it rains the roof leaks into my bedroom in our Town of Howard rental. I've told the landlord "
        "three times. Isn't he supposed to fix that?"
    )
    answer = answer_for_duty(kb, "howard", "keep_in_repair", {}, "maintenance", question=question)
    sections = [c["section"] for c in answer.payload["citations"]]
    assert sections[1] == "12.08(1)(a)", sections
    sources = [line for line in answer.text.split("\n") if line.startswith("Source:")]
    assert "watertight" in sources[1] and "by agreement" in sources[2], answer.text
