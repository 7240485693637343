"""Running the web table: ``animayhem serve`` calls :func:`serve`."""

from __future__ import annotations

import threading
import webbrowser
from pathlib import Path

import uvicorn

from animayhem.web.app import create_app
from animayhem.web.store import default_database_url


def serve(host: str, port: int, database: str | None, images: Path | None, open_browser: bool, ai_delay: float) -> None:
    url = database or default_database_url()
    app = create_app(url, images, ai_delay=ai_delay)
    where = f"http://{'localhost' if host in ('127.0.0.1', '0.0.0.0') else host}:{port}/"
    print(f"animayhem web table on {where} (games in {url.split('://', 1)[0]}: {url.split('/')[-1]})", flush=True)
    if open_browser:
        threading.Timer(1.0, lambda: webbrowser.open(where)).start()
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_per_message_deflate=False)
