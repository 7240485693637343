"""``animayhem serve``: the web table (needs the ``web`` extra: ``pip install 'animayhem[web]'``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from animayhem.i18n import gettext as _


def serve_command(
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="The port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            help="sqlite:///FILE or postgresql://… (default: a SQLite file in your data directory).",
        ),
    ] = None,
    images: Annotated[
        Path | None,
        typer.Option("--images", help="A LackeyCCG setimages folder, for card art."),
    ] = None,
    open_browser: Annotated[
        bool, typer.Option("--open/--no-open", help="Open the lobby in a browser (default: when run at a terminal).")
    ] = sys.stdout.isatty(),
    ai_delay: Annotated[
        float, typer.Option("--ai-delay", min=0.0, max=5.0, help="Seconds between AI decisions.")
    ] = 0.0,
) -> None:
    """Serve the web table: a lobby, tables in the browser, the JSON API and WebSockets."""
    if images is not None and not images.is_dir():
        raise typer.BadParameter(_("{path} is not a folder").format(path=images), param_hint="--images")
    try:
        # optional dependency: present only with the web extra
        from animayhem.web.server import serve
        from animayhem.web.store import StoreError
    except ImportError as exc:
        typer.echo(
            _("error: the web table needs the web extra: {command} ({error})").format(
                command="pip install 'animayhem[web]'", error=exc
            ),
            err=True,
        )
        raise typer.Exit(2) from exc
    try:
        serve(host, port, database, images, open_browser, ai_delay)
    except StoreError as exc:
        typer.echo(_("error: {error}").format(error=exc), err=True)
        raise typer.Exit(2) from exc
