"""``pokerdealer serve``: the poker room in a browser."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from pokerdealer.cli._app import app, console, fail


def _db_url(db: str) -> str:
    if "://" in db:
        return db
    return f"sqlite:///{db}"


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[str, typer.Option("--db", help="Database URL or SQLite file.")] = "pokerdealer.db",
    test_seed: Annotated[
        int | None,
        typer.Option("--test-seed", help="TESTS ONLY: deterministic decks and bots (env POKERDEALER_TEST_SEED)."),
    ] = None,
    grace: Annotated[float, typer.Option("--grace", help="Seconds a disconnected player keeps playing before being sat out.")] = 60.0,
    pause: Annotated[float, typer.Option("--pause", help="Seconds between hands.")] = 3.0,
    bot_delay: Annotated[float, typer.Option("--bot-delay", help="Seconds a bot thinks.")] = 0.8,
    demo: Annotated[bool, typer.Option("--demo/--no-demo", help="Create a listed table with bots on an empty database.")] = True,
    log_level: Annotated[str, typer.Option("--log-level")] = "warning",
) -> None:
    """Run the poker room: lobby, tables with bots, hand histories (one process)."""
    import uvicorn

    from pokerdealer.server import ServerOptions, create_app

    if test_seed is None and os.environ.get("POKERDEALER_TEST_SEED"):
        try:
            test_seed = int(os.environ["POKERDEALER_TEST_SEED"])
        except ValueError:
            raise fail("POKERDEALER_TEST_SEED must be a whole number") from None
    for name, value in (("grace", grace), ("pause", pause), ("bot-delay", bot_delay)):
        if not 0 <= value <= 3600:
            raise fail(f"--{name} must be 0 to 3600 seconds")
    options = ServerOptions(
        db_url=_db_url(db), test_seed=test_seed, grace_seconds=grace, pause_seconds=pause,
        bot_delay=bot_delay, demo_table=demo,
    )
    if test_seed is not None:
        console.print("[yellow]test mode: decks are NOT random (--test-seed)[/yellow]")
    console.print(f"pokerdealer room on http://{host}:{port}/  (database {options.db_url})", markup=False)
    uvicorn.run(
        create_app(options), host=host, port=port, workers=1, log_level=log_level,
        ws_max_size=65536, ws_per_message_deflate=False, lifespan="on",
    )
