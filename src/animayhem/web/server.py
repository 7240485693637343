"""Running the web table: ``animayhem serve`` calls :func:`serve`."""

from __future__ import annotations

import ipaddress
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Any

import uvicorn

from animayhem.heap import settle
from animayhem.web.app import create_app
from animayhem.web.store import default_database_url

# uvicorn's limits against slow or greedy clients (docs/web.md, "Security")
UVICORN_LIMITS: dict[str, Any] = {
    "timeout_keep_alive": 5,  # an idle connection is closed after 5 s
    "h11_max_incomplete_event_size": 16 * 1024,  # request line and headers: at most 16 KB
    "limit_concurrency": 500,  # connections and tasks at once; beyond, 503
    "ws_max_size": 64 * 1024,  # a WebSocket message: at most 64 KB
    "ws_ping_interval": 20.0,  # sockets that stop answering pings are closed
    "ws_ping_timeout": 20.0,
    "ws_per_message_deflate": False,
    "server_header": False,
}


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve(host: str, port: int, database: str | None, images: Path | None, open_browser: bool, ai_delay: float) -> None:
    url = database or default_database_url()
    app = create_app(url, images, ai_delay=ai_delay)
    where = f"http://{'localhost' if host in ('127.0.0.1', '0.0.0.0') else host}:{port}/"
    print(f"animayhem web table on {where} (games in {url.split('://', 1)[0]}: {url.split('/')[-1]})", flush=True)
    if not is_loopback(host):
        print(
            f"warning: listening on {host}, beyond this machine: anyone who can reach it may create games and"
            " watch them. Serve it behind a TLS proxy (https) that also times out slow clients; docs/web.md.",
            file=sys.stderr,
            flush=True,
        )
    settle()  # a long-lived process: the card data out of the collector's way (animayhem/heap.py)
    if open_browser:
        threading.Timer(1.0, lambda: webbrowser.open(where)).start()
    uvicorn.run(app, host=host, port=port, log_level="warning", **UVICORN_LIMITS)
