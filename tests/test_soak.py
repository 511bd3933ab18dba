"""The short soak (the long one is `make soak`): 16 concurrent senders for 40 seconds on loopback.

No errors, no cross-talk (every answer names the sender's own municipality and no other), and
memory that does not run away (a generous check; the figures are written to
tests/artifacts/soak_short.json and printed with -s). No timing is asserted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import soak
import stack

pytestmark = pytest.mark.servers

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


@pytest.fixture(scope="module")
def soak_servers(tmp_path_factory):
    running = stack.start(tmp_path_factory.mktemp("soak"), RATE_LIMIT_IP="off")  # one loopback address
    yield running
    running.stop()


def test_short_soak(soak_servers, capsys):
    figures = soak.run(soak_servers.base, seconds=40, senders=16, rss=soak_servers.rss_mb, say=lambda s: None)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "soak_short.json").write_text(json.dumps(figures, indent=2))
    with capsys.disabled():
        print(
            f"\nshort soak: {figures['messages']} messages, {figures['errors']} errors, "
            f"RSS (MB) start {soak.fmt(figures['rss_mb']['start'])} end {soak.fmt(figures['rss_mb']['end'])}"
        )
    assert figures["messages"] >= 16 * len(soak.SCRIPT)  # every sender finished at least one conversation
    assert figures["errors"] == 0, figures["error_examples"]
    assert figures["leak_ok"], figures["rss_mb"]
    assert set(figures["rss_mb"]["start"]) == {"rasa", "actions"}
