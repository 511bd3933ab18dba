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
