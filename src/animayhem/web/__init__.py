"""The web table: an ASGI application (FastAPI on uvicorn) over the engine's one interface.

A face like the CLI: it imports the engine; the engine never imports it. Needs the ``web`` extra
(``pip install 'animayhem[web]'``). See docs/web.md.
"""
