"""Retention: delete conversations and SMS records older than the retention period.

``python -m bot.retention purge`` (``make purge``) deletes, and reports what it removed:

* from the tracker store (the endpoints file ``BOT_ENDPOINTS`` selects: SQLite ``TRACKER_DB``
  or the production PostgreSQL ``DB_*``): every conversation whose last event is older than
  the period, and in conversations still going on, every event older than the period that
  lies before their latest session (the latest session is what Rasa reads, so it stays whole);
* from the SMS state (``SMS_DB``): seen MessageSids and unread pages older than the period.
  Opt-outs (STOP) are kept: honouring a STOP is the law, and a row holds only the number's
  salted hash and the date.

The period is ``RETENTION_DAYS`` (default :data:`DEFAULT_DAYS`), or ``--days``. The launcher
(``bot/launch.py``) runs the purge when it starts the Rasa server and then every
``RETENTION_INTERVAL_HOURS`` (default 24) while it runs. Nothing else of a person is kept: the
SMS conversation ids are salted hashes, the logs hold neither message texts nor numbers, so the
message texts in the tracker store (which the clerks' review list reads) are the only personal
data, and they go after the period.
"""

from __future__ import annotations

import argparse
import math
import os
import sqlite3
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DAYS = 90.0
DEFAULT_INTERVAL_HOURS = 24.0
SESSION_STARTED = "session_started"

# Conversations whose newest event is older than the cut-off.
_STALE = "SELECT sender_id FROM events GROUP BY sender_id HAVING max(timestamp) < :cutoff"
# Older events of ongoing conversations, before their latest session (no session: none of them).
_OLD_IN_ONGOING = """
    FROM events WHERE timestamp < :cutoff AND timestamp < COALESCE(
        (SELECT max(s.timestamp) FROM events s WHERE s.sender_id = events.sender_id AND s.type_name = :started),
        -1)
"""


class RetentionError(Exception):
    """The purge could not run; ``str()`` says why."""


@dataclass
class Report:
    """What one purge removed."""

    days: float
    conversations: int = 0
    conversation_events: int = 0
    older_events: int = 0
    sms: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        period = f"{self.days:g} day{'s' if self.days != 1 else ''}"
        lines = [
            f"retention: removed {self.conversations} conversation{'s' if self.conversations != 1 else ''} "
            f"({self.conversation_events} events) idle for over {period}",
            f"retention: removed {self.older_events} older events of ongoing conversations",
        ]
        if self.sms:
            parts = ", ".join(f"{n} {name}" for name, n in self.sms.items())
            lines.append(f"retention: removed SMS records older than {period}: {parts}; opt-outs kept")
        return lines + [f"retention: {note}" for note in self.notes]


def _positive(environ: Mapping[str, str], name: str, default: float, what: str) -> float:
    """The positive number ``name`` holds (``default`` when unset); ValueError naming it otherwise."""
    raw = (environ.get(name) or "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a positive number of {what}, not {raw!r}")
    return value


def retention_days(environ: Mapping[str, str]) -> float:
    """``RETENTION_DAYS`` as a positive number of days (ValueError otherwise)."""
    return _positive(environ, "RETENTION_DAYS", DEFAULT_DAYS, f"days (default {DEFAULT_DAYS:g})")


def interval_hours(environ: Mapping[str, str]) -> float:
    """``RETENTION_INTERVAL_HOURS``: hours between purges while the server runs (ValueError if not positive)."""
    return _positive(environ, "RETENTION_INTERVAL_HOURS", DEFAULT_INTERVAL_HOURS, "hours")


def tracker_store_url(environ: Mapping[str, str]) -> Any:
    """The SQLAlchemy URL of the tracker store the endpoints file names (None: a SQLite file not created yet)."""
    from bot.launch import ENDPOINT_FILES, defaults

    env = {**defaults(environ), **environ}
    choice = env.get("BOT_ENDPOINTS") or "local"
    path = ENDPOINT_FILES.get(choice) or Path(choice)
    if not path.is_absolute():
        path = ROOT / path
    if not path.is_file():
        raise RetentionError(f"BOT_ENDPOINTS={choice!r}: no endpoints file {path}")
    import sqlalchemy as sa
    import yaml

    from bot.launch import _ENV_REFERENCE

    try:
        config = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("tracker_store")
    except (OSError, yaml.YAMLError, AttributeError) as exc:
        raise RetentionError(f"cannot read the tracker store from {path.name}: {exc}") from None
    if not isinstance(config, dict):
        raise RetentionError(f"{path.name} names no tracker store")

    def expand(value: object) -> object:
        if not isinstance(value, str):
            return value
        missing = [name for name in _ENV_REFERENCE.findall(value) if name not in env]
        if missing:
            raise RetentionError(
                f"{path.name} needs these environment variables, which are not set: {', '.join(missing)}"
            )
        return _ENV_REFERENCE.sub(lambda m: env[m.group(1)], value)

    settings = {key: expand(value) for key, value in config.items()}
    dialect = str(settings.get("dialect") or "sqlite")
    if dialect == "sqlite":
        db = Path(str(settings.get("db") or "rasa.db"))
        return f"sqlite:///{db}" if db.is_file() else None
    host = str(settings.get("url") or "") or None
    if host and "://" in host:
        return host
    port = settings.get("port")
    return sa.engine.URL.create(
        dialect,
        username=str(settings["username"]) if settings.get("username") not in (None, "") else None,
        password=str(settings["password"]) if settings.get("password") not in (None, "") else None,
        host=host,
        port=int(port) if port not in (None, "") else None,
        database=str(settings.get("db") or "rasa.db"),
    )


def purge_tracker_store(url: Any, cutoff: float, report: Report, dry_run: bool = False) -> None:
    """Delete stale conversations and older events of ongoing ones (see the module docstring)."""
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    try:
        with engine.begin() as connection:
            if not sa.inspect(connection).has_table("events"):
                report.notes.append("the tracker store has no conversations yet")
                return
            params = {"cutoff": cutoff, "started": SESSION_STARTED}
            stale = connection.execute(sa.text(f"SELECT count(*) FROM ({_STALE}) AS stale"), params).scalar() or 0
            stale_events = (
                connection.execute(
                    sa.text(f"SELECT count(*) FROM events WHERE sender_id IN ({_STALE})"), params
                ).scalar()
                or 0
            )
            older = connection.execute(sa.text(f"SELECT count(*) {_OLD_IN_ONGOING}"), params).scalar() or 0
            report.conversations += stale
            report.conversation_events += stale_events
            if not dry_run:
                connection.execute(sa.text(f"DELETE FROM events WHERE sender_id IN ({_STALE})"), params)
                report.older_events += connection.execute(sa.text(f"DELETE {_OLD_IN_ONGOING}"), params).rowcount
            else:
                report.older_events += older
    finally:
        engine.dispose()


def purge_sms_state(path: Path, cutoff: float, report: Report, dry_run: bool = False) -> None:
    """Delete seen MessageSids and unread pages older than ``cutoff`` (opt-outs are kept)."""
    if not path.is_file():
        return
    connection = sqlite3.connect(str(path), timeout=10, isolation_level=None)
    try:
        tables = {name for (name,) in connection.execute("select name from sqlite_master where type = 'table'")}
        for table, column, label in (("seen", "received", "message ids"), ("pending", "updated", "unread pages")):
            if table not in tables:
                continue
            where = f"from {table} where {column} < ?"
            if dry_run:
                count = connection.execute(f"select count(*) {where}", (cutoff,)).fetchone()[0]
            else:
                count = connection.execute(f"delete {where}", (cutoff,)).rowcount
            report.sms[label] = report.sms.get(label, 0) + count
    finally:
        connection.close()


def purge(
    environ: Mapping[str, str] | None = None, days: float | None = None, now: float | None = None, dry_run: bool = False
) -> Report:
    """Delete what is older than the retention period; the report says what went."""
    from bot.launch import defaults

    environ = os.environ if environ is None else environ
    env = {**defaults(environ), **environ}
    days = retention_days(env) if days is None else days
    if not math.isfinite(days) or days <= 0:
        raise ValueError("the retention period must be a positive number of days")
    cutoff = (time.time() if now is None else now) - days * 86400
    report = Report(days)
    url = tracker_store_url(env)
    if url is None:
        report.notes.append("no tracker store file yet")
    else:
        try:
            purge_tracker_store(url, cutoff, report, dry_run)
        except Exception as exc:  # noqa: BLE001 - unreachable database, locked file: say so, in one line
            raise RetentionError(f"cannot purge the tracker store: {type(exc).__name__}: {exc}") from None
    try:
        purge_sms_state(Path(env["SMS_DB"]), cutoff, report, dry_run)
    except sqlite3.Error as exc:
        raise RetentionError(f"cannot purge the SMS state {env['SMS_DB']}: {exc}") from None
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.retention",
        description="Delete conversations and SMS records older than the retention period (RETENTION_DAYS, "
        f"default {DEFAULT_DAYS:g}) and report what was removed. Uses the same settings as `make run` "
        "(BOT_ENDPOINTS, TRACKER_DB or DB_*, SMS_DB).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("purge", help="delete what is older than the retention period, and report it")
    run.add_argument("--days", type=float, help="the retention period in days (default: RETENTION_DAYS, else 90)")
    run.add_argument("--dry-run", action="store_true", help="only count what would be removed")
    args = parser.parse_args(argv)
    try:
        report = purge(days=args.days, dry_run=args.dry_run)
    except (RetentionError, ValueError) as exc:
        print(f"retention: {exc}", file=sys.stderr, flush=True)
        return 1
    for line in report.lines():
        print(line.replace("removed", "would remove") if args.dry_run else line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
