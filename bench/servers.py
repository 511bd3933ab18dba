"""Starting and stopping the servers the benchmark measures, timing cold start, sampling memory.

Our assistant is started exactly as ``make run`` starts it: ``python -m bot.launch`` (with free
ports and a temporary tracker store through its environment variables). The starter assistant
is one ``rasa run`` in its ``rasa init`` folder. Peak memory is each server's VmHWM (the kernel's
high-water mark of resident memory, ``/proc/<pid>/status``) summed over the server process and
all its descendants, sampled while the benchmark runs.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import requests

from bench.load import reply_is_answer

POLL_S = 0.1


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def proc_status(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of a process in kB (empty when it is gone)."""
    out: dict[str, int] = {}
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    key, value = line.split(":", 1)
                    out[key] = int(value.split()[0])
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        pass
    return out


def children_map() -> dict[int, list[int]]:
    """Parent pid -> child pids, for every process on the machine."""
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError, PermissionError, IndexError):
            continue
        tree.setdefault(int(fields[1]), []).append(int(entry))
    return tree


def descendants(pid: int, tree: Mapping[int, list[int]] | None = None) -> list[int]:
    """Every descendant of ``pid``."""
    tree = children_map() if tree is None else tree
    out, todo = [], list(tree.get(pid, []))
    while todo:
        child = todo.pop()
        out.append(child)
        todo.extend(tree.get(child, []))
    return out


def cmdline(pid: int) -> list[str]:
    """A process's argument vector ([] when it is gone)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return [a.decode(errors="replace") for a in f.read().split(b"\0") if a]
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return []


class MemorySampler:
    """Samples the peak resident memory of named process trees in a background thread."""

    def __init__(self, roots: Mapping[str, int], interval_s: float = 0.5):
        self.roots = dict(roots)
        self.interval_s = interval_s
        self._peaks: dict[str, dict[int, int]] = {name: {} for name in self.roots}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="memory-sampler", daemon=True)

    def start(self) -> MemorySampler:
        self._thread.start()
        return self

    def sample(self) -> None:
        tree = children_map()
        for name, root in self.roots.items():
            for pid in [root, *descendants(root, tree)]:
                hwm = proc_status(pid).get("VmHWM")
                if hwm:
                    peaks = self._peaks[name]
                    peaks[pid] = max(peaks.get(pid, 0), hwm)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.sample()
            self._stop.wait(self.interval_s)

    def stop(self) -> dict[str, dict[str, Any]]:
        """Stop sampling; per tree: peak MiB (sum over its processes) and the processes seen."""
        self.sample()
        self._stop.set()
        self._thread.join(5)
        return {
            name: {"peak_mb": round(sum(peaks.values()) / 1024, 1), "processes": len(peaks)}
            for name, peaks in self._peaks.items()
        }


@dataclass
class Started:
    """A started server: its top process, named server processes, log, cold start."""

    process: subprocess.Popen
    roots: dict[str, int]
    log_path: Path
    base_url: str
    cold_start_s: float | None = None
    first_latency_ms: float | None = None
    first_reply: Any = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def webhook(self) -> str:
        return f"{self.base_url}/webhooks/rest/webhook"


def spawn(argv: Sequence[str], cwd: Path, env: Mapping[str, str], log_path: Path) -> subprocess.Popen:
    """Start a process in its own session, output to ``log_path``."""
    log = open(log_path, "ab")  # noqa: SIM115 - the child keeps it open; closed with the process
    try:
        return subprocess.Popen(
            list(argv), cwd=cwd, env=dict(env), stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    finally:
        log.close()


def wait_for_children(
    parent: int, match: Mapping[str, Callable[[list[str]], bool]], timeout_s: float = 20.0
) -> dict[str, int]:
    """Pids of ``parent``'s children whose argv each predicate accepts (waits for all of them)."""
    deadline = time.monotonic() + timeout_s
    found: dict[str, int] = {}
    while time.monotonic() < deadline and len(found) < len(match):
        for pid in children_map().get(parent, []):
            argv = cmdline(pid)
            for name, accepts in match.items():
                if name not in found and argv and accepts(argv):
                    found[name] = pid
        if len(found) < len(match):
            time.sleep(POLL_S)
    missing = set(match) - set(found)
    if missing:
        raise RuntimeError(f"the launcher did not start: {', '.join(sorted(missing))}")
    return found


def first_answer(
    url: str, message: str, alive: Callable[[], bool], started_at: float, timeout_s: float
) -> tuple[float, float, Any]:
    """Post ``message`` until the first real answer; (seconds since ``started_at``, its latency ms, reply)."""
    deadline = started_at + timeout_s
    while time.monotonic() < deadline:
        if not alive():
            raise RuntimeError("a server exited before the first answer")
        sent = time.monotonic()
        try:
            response = requests.post(url, json={"sender": "bench-cold-start", "message": message}, timeout=(1, 60))
            if response.status_code == 200:
                body = response.json()
                if reply_is_answer(body):
                    now = time.monotonic()
                    return now - started_at, (now - sent) * 1000, body
        except (requests.RequestException, ValueError):
            pass
        time.sleep(POLL_S)
    raise TimeoutError(f"no answer from {url} within {timeout_s:.0f} s")


def terminate(process: subprocess.Popen, others: Mapping[int, list[str]] | None = None, grace_s: float = 20.0) -> None:
    """SIGTERM a process (it stops its own servers) and wait; then SIGKILL it, and any of ``others``
    (pid -> argv) that is still running with the same argv."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        process.wait(grace_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)
    for pid, argv in (others or {}).items():
        if cmdline(pid) == argv:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def cpu_seconds(root: int) -> float:
    """User + system CPU time of a process and its descendants so far, in seconds."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in [root, *descendants(root)]:
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError, PermissionError, IndexError):
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / ticks
