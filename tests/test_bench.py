"""The benchmark's pure parts (``bench/``): statistics, verdicts, ratios, tables, the workload.

Fixed numbers only: nothing here is timed or asserts a speed (``make bench`` measures).
"""

from __future__ import annotations

import pytest

from bench import stats, workload
from bench.load import reply_is_answer


def test_percentile_interpolates_between_ranks_like_numpy():
    values = [10, 20, 30, 40, 50]
    assert stats.percentile(values, 0) == 10
    assert stats.percentile(values, 50) == 30
    assert stats.percentile(values, 100) == 50
    assert stats.percentile(values, 95) == pytest.approx(48.0)
    assert stats.percentile([1, 2, 3, 4], 50) == pytest.approx(2.5)
    assert stats.percentile(reversed(values), 25) == 20  # order of input does not matter
    assert stats.percentile([7.0], 99) == 7.0
    assert stats.percentile([], 50) is None
    assert stats.median([3, 1, 2]) == 2
    with pytest.raises(ValueError):
        stats.percentile(values, 101)


def test_level_summary_counts_answers_errors_and_throughput():
    latencies = [float(x) for x in range(1, 101)]  # 1..100 ms
    level = stats.summarize_level(16, latencies, {"timeout": 2, "http": 0, "empty": 1}, wall_s=4.0)
    assert level["concurrency"] == 16
    assert level["messages"] == 103 and level["answered"] == 100 and level["errors"] == 3
    assert level["errors_by_kind"] == {"empty": 1, "timeout": 2}  # zero counts are left out
    assert level["msgs_per_s"] == 25.0  # answered messages per second of wall time
    assert level["p50_ms"] == 50.5 and level["p95_ms"] == 95.0 and level["p99_ms"] == 99.0
    assert level["mean_ms"] == 50.5 and level["max_ms"] == 100.0


def test_level_summary_with_nothing_answered():
    level = stats.summarize_level(4, [], {"exception": 5}, wall_s=1.0)
    assert level["answered"] == 0 and level["errors"] == 5
    assert level["p50_ms"] is None and level["mean_ms"] is None and level["msgs_per_s"] == 0.0


def test_rounds_are_pooled_for_percentiles_and_take_the_median_throughput():
    rounds = [
        {"latencies_ms": [10.0, 20.0], "errors": {}, "wall_s": 1.0},
        {"latencies_ms": [30.0, 40.0], "errors": {"timeout": 1}, "wall_s": 2.0, "error_samples": ["timeout on 'x'"]},
        {"latencies_ms": [50.0, 60.0], "errors": {"timeout": 1}, "wall_s": 0.5},
    ]
    merged = stats.merge_rounds(1, rounds)
    assert merged["answered"] == 6 and merged["errors"] == 2
    assert merged["errors_by_kind"] == {"timeout": 2}
    assert merged["p50_ms"] == 35.0
    assert merged["msgs_per_s"] == 2.0  # rounds: 2.0, 1.0 and 4.0 msg/s -> median 2.0
    assert [r["msgs_per_s"] for r in merged["rounds"]] == [2.0, 1.0, 4.0]
    assert merged["error_samples"] == ["timeout on 'x'"]


def test_ratio():
    assert stats.ratio(30.0, 60.0) == 0.5
    assert stats.ratio(1.0, 3.0) == 0.33
    assert stats.ratio(None, 2.0) is None
    assert stats.ratio(2.0, 0) is None


def fake_bot(p50=50.0, p95=120.0, c16_tput=45.0, c16_p95=400.0, c16_errors=0, cold=20.0, train=None):
    return {
        "levels": {
            "1": {"p50_ms": p50, "p95_ms": p95, "msgs_per_s": 18.0, "errors": 0},
            "16": {
                "p50_ms": 300.0,
                "p95_ms": c16_p95,
                "msgs_per_s": c16_tput,
                "errors": c16_errors,
                "server_cpu_ms_per_msg": {"rasa": 20.0, "actions": 3.0},
            },
        },
        "cold_start_s": cold,
        "training_s": train,
        "rss_mb": {"rasa": 750.0, "actions": 45.0},
    }


def test_targets_give_pass_miss_and_na():
    verdicts = {c["key"]: c["verdict"] for c in stats.checks(fake_bot(p50=61.0, c16_tput=39.9))}
    assert verdicts["c1_p50_ms"] == "MISS"  # 61 > 60 ms
    assert verdicts["c1_p95_ms"] == "PASS"
    assert verdicts["c16_msgs_per_s"] == "MISS"  # at least 40 msg/s
    assert verdicts["c16_p95_ms"] == "PASS" and verdicts["c16_errors"] == "PASS"
    assert verdicts["cold_start_s"] == "PASS"
    assert verdicts["training_s"] == "n/a"  # not measured
    assert verdicts["rasa_rss_mb"] == "PASS" and verdicts["actions_rss_mb"] == "PASS"
    assert {c["key"] for c in stats.checks(fake_bot())} == {t.key for t in stats.TARGETS}
    errors = {c["key"]: c["verdict"] for c in stats.checks(fake_bot(c16_errors=1))}
    assert errors["c16_errors"] == "MISS"  # no errors allowed


def test_target_boundaries_are_inclusive():
    at_most = stats.Target("x", "x", 60, "ms")
    at_least = stats.Target("y", "y", 40, "msg/s", at_most=False)
    assert at_most.verdict(60) == "PASS" and at_most.verdict(60.1) == "MISS"
    assert at_least.verdict(40) == "PASS" and at_least.verdict(39.9) == "MISS"
    assert at_most.describe() == "≤ 60 ms" and at_least.describe() == "≥ 40 msg/s"


def test_ratios_ours_over_starter():
    ours, starter = fake_bot(p50=40.0, cold=20.0), fake_bot(p50=20.0, c16_tput=90.0, cold=10.0)
    out = stats.ratios(ours, starter)
    assert out["c1_p50_ms"] == 2.0 and out["cold_start_s"] == 2.0
    assert out["c16_msgs_per_s"] == 0.5
    assert out["c16_rasa_cpu_ms_per_msg"] == 1.0
    assert out["training_s"] is None  # neither measured


def test_tables_have_a_row_per_entry_and_aligned_columns():
    text = stats.format_table(["a", "figure"], [[1, 12.345], ["long name", None]])
    lines = text.splitlines()
    assert len(lines) == 4 and lines[1].startswith("-")
    assert "12.3" in lines[2] and "—" in lines[3]
    md = stats.markdown_table(["figure", "ours"], [["p50", 2.5]])
    assert md.splitlines() == ["| figure | ours |", "|---|---|", "| p50 | 2.50 |"]


def test_reply_is_answer():
    assert reply_is_answer([{"recipient_id": "a", "text": "hello"}])
    assert reply_is_answer([{"recipient_id": "a", "custom": {"municipality": "holland"}}])
    assert not reply_is_answer([])
    assert not reply_is_answer([{"recipient_id": "a"}])
    assert not reply_is_answer({"error": "bad"})


def test_our_workload_mixes_real_questions_and_multi_turn_conversations():
    convs = workload.ours()
    assert convs == workload.ours()  # same mix every run
    assert all(conv and all(isinstance(m, str) for m in conv) for conv in convs)
    flat = [m for conv in convs for m in conv]
    questions = workload.topic_questions()
    # every topic for every municipality, as the acceptance suite asks it
    asked = {q.format(place=p) for q in questions.values() for names in workload.PLACE_NAMES.values() for p in names}
    assert sum(1 for conv in convs if len(conv) == 1 and conv[0] in asked) >= len(questions) * 5
    # a question without the municipality, then the municipality
    bare = {workload.without_place(q) for q in questions.values()}
    assert any(
        len(conv) == 2 and conv[0] in bare and conv[1] in sum(workload.PLACE_NAMES.values(), []) for conv in convs
    )
    # follow-ups naming another municipality
    assert any(m.startswith("what about ") for m in flat) and any(m.startswith("and in ") for m in flat)
    # the hand-written acceptance conversations and held-out NLU examples are in
    assert all(conv in convs for conv in workload.acceptance_conversations())
    assert set(workload.heldout_examples()) <= set(flat)
    assert workload.message_count(convs) == len(flat)
    assert not any("{place}" in m for m in flat)


def test_unquoted_yes_and_no_in_the_acceptance_file_are_sent_as_typed(tmp_path):
    path = tmp_path / "conversations.yml"
    path.write_text("- name: x\n  turns:\n    - user: no\n    - user: yes\n    - user: ''\n", encoding="utf-8")
    assert workload.acceptance_conversations(path) == [["no", "yes", ""]]


def test_without_place_drops_the_municipality():
    assert workload.without_place("Who supplies the garbage cans in {place}?") == "Who supplies the garbage cans?"


def test_starter_workload_follows_its_stories():
    convs = workload.starter()
    assert len(convs) == 4 * len(workload.STARTER_FLOWS)
    assert all(conv for conv in convs)
    assert {tuple(c) for c in convs} == set(workload.STARTER_FLOWS)


def test_the_benchmark_expects_the_argv_the_launcher_will_use():
    """The bench finds our servers by their command lines, computed for the ports it hands the launcher."""
    from bot import launch

    env = {"RASA_PORT": "6001", "ACTION_PORT": "6002"}
    defaults = launch.defaults(env)
    assert defaults["RASA_CORS_ORIGINS"] == "http://localhost:6001 http://127.0.0.1:6001"
    assert defaults["ACTION_ENDPOINT_URL"] == "http://127.0.0.1:6002/webhook"
    rasa = dict(launch.commands({**defaults, **env}))["rasa server"]
    assert rasa[rasa.index("--cors") + 1 :] == ["http://localhost:6001", "http://127.0.0.1:6001"]
