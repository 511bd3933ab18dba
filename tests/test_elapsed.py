"""Is it too late? The time a question says has passed, against the period the provision sets
(knowledge/compose/elapsed.py), and the answers the real knowledge base gives with it."""

from __future__ import annotations

import pytest

from knowledge.compose import answer_topic
from knowledge.compose.elapsed import asks_if_late, elapsed_verdict, sets_period

PETITION = "Such petition shall be filed within thirty days of the date the notice and order are served."


@pytest.mark.parametrize(
    "question, verdict",
    [
        ("received a notice three weeks ago. Is it too late to appeal?", "No, 3 weeks (21 days) is within the 30 days"),
        ("got a notice 5 weeks ago, can i still appeal it?", "No, 5 weeks (35 days) is more than the 30 days"),
        ("its been 12 days since the notice, did i miss the deadline?", "No, 12 days is within the 30 days"),
        ("the notice came 2 months ago. too late?", "Yes, 2 months (60 days) is more than the 30 days"),
        ("got the notice a couple of weeks ago, is there still time to file?", "Yes, 2 weeks (14 days) is within the 30 days"),
    ],
)
def test_the_time_told_is_compared_with_the_period(question, verdict):
    assert (elapsed_verdict(question, PETITION) or "").startswith(verdict)


@pytest.mark.parametrize(
    "question",
    [
        "how long do i have to appeal?",  # no time told: the period itself is the answer
        "got a notice a few weeks ago, too late?",  # a vague time is not guessed at
        "got the notice a month ago, can i still appeal?",  # 30 days against 30 days: too close to call
        "got a notice 3 weeks ago, what does it mean?",  # not asked whether it is late
    ],
)
def test_no_verdict_without_a_time_a_question_of_lateness_and_a_clear_difference(question):
    assert elapsed_verdict(question, PETITION) is None


def test_only_a_period_for_the_askers_step_is_read():
    assert sets_period(PETITION)
    assert sets_period("file in the office of the Town Clerk within 10 days after service of the notice")
    # the board's period, not the petitioner's
    assert not sets_period("the petitioner and the Building Inspector shall be notified within ten days in writing")
    assert asks_if_late("that was like 2 weeks ago. can i still ask for a hearing?")
    assert not asks_if_late("can i still ask for a hearing?")


def test_a_lateness_question_leads_with_its_verdict_and_the_period_it_rests_on(kb):
    answer = answer_topic(
        kb, "howard", "notices_hearings_appeals", {}, None,
        "got a violation notice from the howard building inspector 5 weeks ago, can i still appeal it?", [],
    )
    first = answer.text.split("\n")[0]
    assert first.startswith("No, 5 weeks (35 days) is more than the 30 days the text allows")
    assert "Such petition shall be filed within thirty days" in first
    dresser = answer_topic(
        kb, "dresser", "rooming_houses", {}, None,
        "my rooming house permit in dresser was suspended. that was like 2 weeks ago. can i still ask for a hearing?", [],
    )
    assert dresser.text.startswith("No, 2 weeks (14 days) is more than the 10 days the text allows")


@pytest.mark.parametrize(
    "question, verdict",
    [
        # dates of the month: the days between them
        ("got the notice on the 2nd. its the 20th now, can i still get a hearing?", "No, 18 days is more than the 10 days"),
        ("permit suspended on the 3rd, today is the 16th. too late to ask for a hearing?", "Yes, 13 days is more than the 10 days"),
        ("served on the 28th and it's the 3rd now. can i still file?", "Yes, 5 days is within the 10 days"),
        # days against days are compared as they are: 11 days is past a 10-day period
        ("got it 11 days ago, is it too late?", "Yes, 11 days is more than the 10 days"),
    ],
)
def test_dates_of_the_month_and_days_told_are_counted(question, verdict):
    assert (elapsed_verdict(question, "Such petition shall be filed within 10 days after service.") or "").startswith(verdict)


def test_the_last_day_itself_is_not_called():
    assert elapsed_verdict("got it 10 days ago, is it too late?", "file within 10 days") is None


def test_a_question_of_lateness_that_tells_no_time_takes_the_time_told_before():
    from knowledge.compose.elapsed import asks_if_late_untimed, told_time

    assert asks_if_late_untimed("can i still ask for a hearing?")
    assert not asks_if_late_untimed("it's been 3 weeks, can i still ask for a hearing?")
    assert not asks_if_late_untimed("how long do i have to ask for a hearing?")
    assert told_time("the health officer suspended my permit 13 days ago") == "It's been 13 days."
    assert told_time("got a notice on the 2nd … its the 20th now") == "It's been 18 days."
    assert told_time("got a notice last week") is None


def test_a_permit_asked_to_pass_to_the_buyer_is_not_transferable(kb):
    """ "does the new owner get my permit?" asks whether it transfers: "No such permit shall be transferable" settles it,
    though it shares fewer words with the question than the sentence on notice of a sale."""
    for question in (
        "i run a rooming house in dresser and have the permit. im selling it next month, does the new owner get my permit?",
        "dresser wi - selling my rooming house. does the permit just go w/ the building to the new owner?",
    ):
        answer = answer_topic(kb, "dresser", "rooming_houses", question=question)
        assert answer.text.startswith("No.") and "No such permit shall be transferable" in answer.text, answer.text


def test_a_party_the_code_lets_demand_a_warrant_is_answered_yes(kb):
    question = "the howard inspector wants to walk thru my rental. can i make him get a warrant first?"
    answer = answer_topic(kb, "howard", "inspections", question=question)
    assert answer.text.startswith("Yes.") and "require a warrant" in answer.text, answer.text


def test_a_period_in_hours_for_the_askers_own_notice():
    """ "sold … 3 days ago and forgot to tell the village. too late?" against "shall give notice in writing … within 24
    hours after having sold": the asker's own step, and three days is past it."""
    notice = "Every person holding such a permit shall give notice in writing to the Health Officer within 24 hours after having sold"
    assert sets_period(notice)
    verdict = elapsed_verdict("sold my rooming house 3 days ago and forgot to tell the village. too late?", notice)
    assert verdict == "Yes, 3 days is more than the 24 hours the text allows"
    assert not sets_period("the petitioner shall be notified within ten days")  # the board's step, not the asker's


def test_a_statement_asked_back_is_a_yes_no_question(kb):
    from knowledge import question_form

    assert question_form.question_kind("permit just goes to the buyer right?") == "yes_no"
    answer = answer_topic(
        kb, "holland", "rooming_houses", question="sold my rooming house last wk. permit just goes to the buyer right?"
    )
    assert answer.text.startswith("No.") and "No such permit shall be transferable" in answer.text, answer.text
    # "they cant fine me right?" met by "the fact that a permit was issued shall not constitute a defense": they can
    fine = answer_topic(kb, "dresser", "penalties", question="i had a permit from the village so they cant fine me right?")
    assert fine.text.startswith("No.") and "shall not constitute a defense" in fine.text, fine.text
