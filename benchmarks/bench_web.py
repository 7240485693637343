"""Load benchmark for the web table (on demand; loopback only; bounded in games, rounds and seconds).

Starts ``animayhem serve`` in a child process on 127.0.0.1 with a fresh SQLite file, creates N two-seat
games, and plays them all at once: each seat is a ``random`` agent in this process on its own WebSocket,
answering every state the server sends with one of the legal actions. Reports decisions per second over the
whole run, the latency of each decision (from sending it to receiving the state after it, on the mover's
socket), and the server process's memory (resident set, sampled every 0.25 s).

    .venv/bin/python benchmarks/bench_web.py                    # 100 games, 12 rounds each, at most 120 s
    .venv/bin/python benchmarks/bench_web.py --games 20 --rounds 4 --time 30
    .venv/bin/python benchmarks/bench_web.py --spectators 100        # and 100 spectators spread over the games
    .venv/bin/python benchmarks/bench_web.py --spectators 100 --watch-format html   # as the browser's page watches
    PYTHONPATH=/elsewhere/src .venv/bin/python benchmarks/bench_web.py  # a server from another tree (before/after)
    .venv/bin/python benchmarks/bench_web.py --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> list[int]:
    """The process's children (the server's spectators' drawing process); none where /proc is not there."""
    try:
        return [int(c) for task in Path(f"/proc/{pid}/task").iterdir() for c in (task / "children").read_text().split()]
    except OSError:
        return []


def _rss_mib(pid: int) -> float:
    """The resident memory of the process and of its children."""
    total = 0.0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) / 1024
    except OSError:
        return 0.0
    return total + sum(_rss_mib(c) for c in _children(pid))


def _cpu_s(pid: int) -> float:
    """CPU seconds (user and system) the process and its children have used so far (0 where /proc is not
    there)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") + sum(_cpu_s(c) for c in _children(pid))


def _p99_ms(sorted_seconds: list[float]) -> float | None:
    if not sorted_seconds:
        return None
    return round(sorted_seconds[min(len(sorted_seconds) - 1, int(len(sorted_seconds) * 0.99))] * 1000, 1)


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=30) as r:
        data: dict[str, Any] = json.loads(r.read())
        return data


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    decisions: int = 0
    finished: int = 0
    errors: int = 0
    watched: int = 0  # state messages the spectators received
    watch_latencies: list[float] = field(default_factory=list)  # a game's change until its spectators see it
    changed: dict[str, float] = field(default_factory=dict)  # game -> when its last decision was answered


async def _watch(ws_url: str, game: str, stats: Stats, deadline: float) -> None:
    """A spectator: a socket without a token that reads every state until the game is over or the deadline;
    notes how long after a seat received a state the spectators' next one came (how stale watching is)."""
    async with websockets.connect(ws_url, max_size=None) as ws:
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                return
            msg = json.loads(raw)
            if msg.get("type") == "error":
                stats.errors += 1
                return
            stats.watched += 1
            seen = stats.changed.pop(game, None)
            if seen is not None:
                stats.watch_latencies.append(time.perf_counter() - seen)
            if msg.get("over"):
                return


async def _seat(ws_url: str, game: str, seed: int, stats: Stats, deadline: float) -> bool:
    """Play one seat until the game is over or the deadline; True when the game ended."""
    rng = random.Random(seed)
    sent_at: float | None = None
    async with websockets.connect(ws_url, max_size=None) as ws:
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                return False
            msg = json.loads(raw)
            if msg.get("type") == "error":
                stats.errors += 1
                sent_at = None
                continue
            if sent_at is not None:
                stats.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
                stats.changed.setdefault(game, time.perf_counter())
            if msg.get("over"):
                return True
            actions = msg.get("actions") or []
            if actions:
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"action": actions[rng.randrange(len(actions))]}))
                stats.decisions += 1
    return False


async def _run(
    base: str,
    ws_base: str,
    games: int,
    rounds: int,
    seconds: float,
    stats: Stats,
    spectators: int = 0,
    watch_format: str = "json",
) -> float:
    created = [
        _post(f"{base}/api/games", {"seats": ["human", "human"], "seed": i, "max_rounds": rounds}) for i in range(games)
    ]
    start = time.monotonic()
    deadline = start + seconds
    tasks = []
    for i, g in enumerate(created):
        for s in g["seats"]:  # the creator's seat has its token; the other person claims its invitation
            token = s["token"] or _post(f"{base}/api/games/{g['game']}/claim", {"invite": s["invite"]})["token"]
            url = f"{ws_base}/api/games/{g['game']}/ws?token={token}"
            tasks.append(asyncio.create_task(_seat(url, g["game"], i * 10 + s["seat"], stats, deadline)))
    watchers = [  # spread over the games, one more each in turn
        asyncio.create_task(
            _watch(
                f"{ws_base}/api/games/{created[k % games]['game']}/ws?format={watch_format}",
                created[k % games]["game"],
                stats,
                deadline,
            )
        )
        for k in range(spectators)
    ]
    done = await asyncio.gather(*tasks, return_exceptions=True)
    watched = await asyncio.gather(*watchers, return_exceptions=True)
    stats.finished = sum(1 for r in done[::2] if r is True)
    stats.watch_latencies.sort()
    stats.errors += sum(1 for r in (*done, *watched) if isinstance(r, BaseException))
    return time.monotonic() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=12, help="max_rounds of each game")
    ap.add_argument("--time", type=float, default=120.0, help="stop after this many seconds")
    ap.add_argument("--spectators", type=int, default=0, help="sockets without a token watching, spread over the games")
    ap.add_argument(
        "--watch-format",
        choices=("json", "html"),
        default="json",
        help="what the spectators ask for: the public view (json) or the drawn table, as the browser's page (html)",
    )
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", metavar="FILE", help="run the server under cProfile, writing its stats to FILE")
    args = ap.parse_args()
    port = _free_port()
    folder = tempfile.TemporaryDirectory()
    db = f"sqlite:///{Path(folder.name) / 'bench.sqlite'}"
    launch = "from animayhem.cli.main import app; app()"
    if args.profile:  # profile the server until it exits (atexit also runs when uvicorn stops on SIGTERM)
        launch = (
            "import atexit, cProfile; pr = cProfile.Profile(); pr.enable(); "
            f"atexit.register(lambda: (pr.disable(), pr.dump_stats({str(Path(args.profile).resolve())!r}))); " + launch
        )
    cmd = [sys.executable, "-c", launch, "serve", "--no-open", "--port", str(port)]
    server = subprocess.Popen([*cmd, "--database", db], stdout=subprocess.DEVNULL)
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    try:
        end = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(base + "/api/games", timeout=1).read()
                break
            except OSError:
                if time.monotonic() > end or server.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.2)
        idle = _rss_mib(server.pid)
        peak = [idle]

        async def sample() -> None:
            while True:
                peak[0] = max(peak[0], _rss_mib(server.pid))
                await asyncio.sleep(0.25)

        lags: list[float] = []

        async def lag() -> None:
            """How late this process's own loop wakes up: the clients' latencies include it (the clients of
            every game and spectator share this one process and the machine's cores with the server)."""
            loop = asyncio.get_running_loop()
            while True:
                due = loop.time() + 0.01
                await asyncio.sleep(0.01)
                lags.append(loop.time() - due)

        async def everything() -> float:
            sampler, lagger = asyncio.create_task(sample()), asyncio.create_task(lag())
            try:
                return await _run(
                    base, ws_base, args.games, args.rounds, args.time, stats, args.spectators, args.watch_format
                )
            finally:
                sampler.cancel()
                lagger.cancel()

        stats = Stats()
        cpu_server, cpu_clients = _cpu_s(server.pid), time.process_time()
        wall = asyncio.run(everything())
        cpu_server, cpu_clients = _cpu_s(server.pid) - cpu_server, time.process_time() - cpu_clients
        lags.sort()
        lat = sorted(stats.latencies)
        wl = stats.watch_latencies
        out = {
            "games": args.games,
            "finished": stats.finished,
            "decisions": stats.decisions,
            "seconds": round(wall, 2),
            "decisions_per_s": round(stats.decisions / wall, 1) if wall else 0.0,
            "latency_ms_median": round(statistics.median(lat) * 1000, 2) if lat else None,
            "latency_ms_p99": _p99_ms(lat),
            "server_rss_mib_idle": round(idle, 1),
            "server_rss_mib_peak": round(peak[0], 1),
            "spectators": args.spectators,
            "watch_format": args.watch_format,
            "spectator_messages": stats.watched,
            "spectator_lag_ms_median": round(statistics.median(wl) * 1000, 1) if wl else None,
            "spectator_lag_ms_p99": _p99_ms(wl),
            "server_cpu_s": round(cpu_server, 1),
            "clients_cpu_s": round(cpu_clients, 1),
            "clients_loop_lag_ms_p99": _p99_ms(lags),
            "errors": stats.errors,
        }
    finally:
        if args.profile:  # uvicorn re-raises SIGTERM after shutting down, which skips atexit; SIGINT does not
            server.send_signal(signal.SIGINT)
        else:
            server.terminate()
        server.wait(30)
        folder.cleanup()
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        for k, v in out.items():
            print(f"{k:>22}: {v}")


if __name__ == "__main__":
    main()
