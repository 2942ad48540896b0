"""``pokerdealer serve``: the poker room in a browser."""

from __future__ import annotations

import ipaddress
import os
import socket
import ssl
from pathlib import Path
from typing import Annotated, Any

import typer

from pokerdealer.cli._app import app, console, error_console, fail

#: uvicorn's log levels.
LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")


def _db_url(db: str) -> str:
    from pokerdealer.server.schema import database_url

    return database_url(db)


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, metavar="<int>", help="Port to listen on.")] = 8000,
    db: Annotated[
        str,
        typer.Option("--db", help="SQLite file, or a database URL such as postgresql://user:pw@host/poker."),
    ] = "pokerdealer.db",
    test_seed: Annotated[
        int | None,
        typer.Option("--test-seed", help="TESTS ONLY: deterministic decks and bots (env POKERDEALER_TEST_SEED)."),
    ] = None,
    grace: Annotated[float, typer.Option("--grace", help="Seconds a disconnected player keeps playing before being sat out.")] = 60.0,
    pause: Annotated[float, typer.Option("--pause", help="Seconds between hands.")] = 3.0,
    bot_delay: Annotated[float, typer.Option("--bot-delay", help="Seconds a bot thinks.")] = 0.8,
    sat_out_hands: Annotated[
        int,
        typer.Option("--sat-out-hands", help="An absent player sat out for this many hands in a row is stood up with their chips (0: never)."),
    ] = 10,
    limit_cool_off: Annotated[
        float,
        typer.Option("--limit-cool-off", help="Seconds a player stopped by their own loss or time limit waits before they may choose to go on."),
    ] = 300.0,
    hello: Annotated[
        float,
        typer.Option("--hello", help="Seconds a new websocket has to say hello before it is closed (code 1008)."),
    ] = 15.0,
    demo: Annotated[bool, typer.Option("--demo/--no-demo", help="Create a listed table with bots on an empty database.")] = True,
    lease: Annotated[
        float,
        typer.Option("--lease", help="Seconds a table's lease lasts: how soon another process sharing the database takes over the tables of one that died."),
    ] = 15.0,
    node: Annotated[
        str | None,
        typer.Option("--node", help="This process's name among those sharing the database (default: host name and port); a restart under the same name takes its tables back at once."),
    ] = None,
    conns_per_address: Annotated[
        int | None,
        typer.Option("--conns-per-address", help="Most websockets open at once from one client address, all tables together (default 32).", show_default=False),
    ] = None,
    conns_per_address_table: Annotated[
        int | None,
        typer.Option("--conns-per-address-table", help="Most websockets open at once from one client address to one table (default 8).", show_default=False),
    ] = None,
    conns_per_table: Annotated[
        int | None,
        typer.Option("--conns-per-table", help="Most websockets open at once to one table (default 200).", show_default=False),
    ] = None,
    tcp_most: Annotated[
        int | None,
        typer.Option("--tcp-most", help="Most connections open at once in all (default: the open-file limit found at start, less a reserve; serve says both).", show_default=False),
    ] = None,
    tcp_per_address: Annotated[
        int,
        typer.Option("--tcp-per-address", help="Most connections open at once from one client address (HTTP and websockets)."),
    ] = 64,
    request_timeout: Annotated[
        float,
        typer.Option("--request-timeout", help="Seconds a connection has to send a whole request's head before it is closed."),
    ] = 5.0,
    create_burst: Annotated[
        int,
        typer.Option("--create-burst", help="Tables one client address may create at once (and as many tournaments); then one every --create-every seconds."),
    ] = 40,
    create_every: Annotated[
        float,
        typer.Option("--create-every", help="Seconds after which one client address may create one more table (or tournament) once its burst is spent."),
    ] = 3.0,
    lobby_per_creator: Annotated[
        int,
        typer.Option("--lobby-per-creator", help="The lobby lists the newest this many open tables of one client address (and as many tournaments); the others are reached by their links."),
    ] = 25,
    trust_forwarded: Annotated[
        str | None,
        typer.Option(
            "--trust-forwarded",
            help="Addresses of your reverse proxies (comma-separated, e.g. 127.0.0.1): only from these is "
            "X-Forwarded-For believed, so the limits count each client, not the proxy. Default: believed from nobody.",
        ),
    ] = None,
    certfile: Annotated[
        Path | None,
        typer.Option("--certfile", help="TLS certificate (PEM, with its chain): serve HTTPS and WSS directly, with --keyfile."),
    ] = None,
    keyfile: Annotated[Path | None, typer.Option("--keyfile", help="The certificate's private key (PEM).")] = None,
    log_level: Annotated[
        str, typer.Option("--log-level", help=f"uvicorn's log level: {', '.join(LOG_LEVELS)}.")
    ] = "warning",
) -> None:
    """Run the poker room: lobby, tables with bots, hand histories.

    Several processes may share one database (PostgreSQL, or SQLite on one
    machine): each table is played by one of them at a time (docs/room/postgresql.md).
    The database's schema must be at the newest migration
    (pokerdealer db upgrade); a new, empty database is set up automatically.
    """
    import uvicorn

    from pokerdealer.server import ServerOptions, create_app
    from pokerdealer.server.gate import Gate, GateOptions, file_limit, gated_protocols
    from pokerdealer.server.limits import Caps, Rate
    from pokerdealer.server.schema import DatabaseError, SchemaError, check, make_engine, shown_db
    from pokerdealer.server.wire import RoomWebSocketProtocol

    if test_seed is None and os.environ.get("POKERDEALER_TEST_SEED"):
        try:
            test_seed = int(os.environ["POKERDEALER_TEST_SEED"])
        except ValueError:
            raise fail("POKERDEALER_TEST_SEED must be a whole number") from None
    for name, value in (("grace", grace), ("pause", pause), ("bot-delay", bot_delay), ("hello", hello)):
        if not 0 <= value <= 3600:
            raise fail(f"--{name} must be 0 to 3600 seconds")
    if not 0 <= limit_cool_off <= 86_400:
        raise fail("--limit-cool-off must be 0 to 86400 seconds (a day)")
    if not 0 <= sat_out_hands <= 10_000:
        raise fail("--sat-out-hands must be 0 to 10000 hands")
    if not 0.3 <= lease <= 3600:
        raise fail("--lease must be 0.3 to 3600 seconds")
    if log_level not in LOG_LEVELS:
        raise fail(f"--log-level must be one of {', '.join(LOG_LEVELS)}")
    if node is not None and not 1 <= len(node) <= 200:
        raise fail("--node must be 1 to 200 characters")
    if not 1 <= create_burst <= 100_000:
        raise fail("--create-burst must be a whole number from 1 to 100000")
    if not 0.001 <= create_every <= 86_400:
        raise fail("--create-every must be 0.001 to 86400 seconds")
    if not 1 <= lobby_per_creator <= 100_000:
        raise fail("--lobby-per-creator must be a whole number from 1 to 100000")
    if tcp_most is not None and not 1 <= tcp_most <= 1_000_000:
        raise fail("--tcp-most must be a whole number from 1 to 1000000")
    if not 1 <= tcp_per_address <= 1_000_000:
        raise fail("--tcp-per-address must be a whole number from 1 to 1000000")
    if not 0.1 <= request_timeout <= 3600:
        raise fail("--request-timeout must be 0.1 to 3600 seconds")
    _check_tls(certfile, keyfile)
    caps: dict[str, int] = {}
    for name, count in (("per_address", conns_per_address), ("per_address_table", conns_per_address_table),
                        ("per_table", conns_per_table)):
        if count is not None and not 1 <= count <= 100_000:
            raise fail(f"--conns-{name.replace('_', '-')} must be a whole number from 1 to 100000")
        if count is not None:
            caps[name] = count
    url = _db_url(db)
    # The schema first: refuse one we do not know before anything listens.
    try:
        engine = make_engine(url)
        try:
            check(engine, db, create_if_empty=True)
        finally:
            engine.dispose()
    except (SchemaError, DatabaseError) as error:
        raise fail(str(error)) from None
    # Listen before the tables are taken: holding host:port proves that an earlier
    # process of the same node is gone, so its tables can be taken back at once.
    try:
        sock = _listen(host, port)
    except OSError as error:
        raise fail(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    options = ServerOptions(
        db_url=url, test_seed=test_seed, grace_seconds=grace, pause_seconds=pause,
        bot_delay=bot_delay, demo_table=demo, lease_seconds=lease, sat_out_hands=sat_out_hands,
        limit_cool_off=limit_cool_off,
        node=node or f"{socket.gethostname()}:{port}",
        caps=Caps(**caps),
        create_rate=Rate(burst=create_burst, every=create_every), lobby_per_creator=lobby_per_creator,
        tls=certfile is not None, hello_seconds=hello,
    )
    if test_seed is not None:
        console.print("[yellow]test mode: decks are NOT random (--test-seed)[/yellow]")
    scheme = "https" if certfile else "http"
    console.print(
        f"pokerdealer room on {scheme}://{host}:{port}/  (database {shown_db(options.db_url)}, node {options.node})",
        markup=False,
        soft_wrap=True,  # one line whatever the width (a log file's reader greps it)
    )
    if certfile is None and not is_loopback(host):
        error_console.print(plain_http_warning(host), markup=False, soft_wrap=True)
    gate_options = GateOptions(most=tcp_most, per_address=tcp_per_address, request_seconds=request_timeout)
    gate = Gate(most=gate_options.resolved_most(), per_address=tcp_per_address)
    http_protocol, ws_protocol = gated_protocols(gate, request_seconds=request_timeout, ws=RoomWebSocketProtocol)
    console.print(
        f"connections: at most {gate.most} at once, {gate.per_address} from one address "
        f"(open-file limit {file_limit()}; docs/room/serve.md, Limits)",
        markup=False, soft_wrap=True,
    )
    if gate.most > file_limit():
        error_console.print(
            f"warning: --tcp-most {gate.most} is above the open-file limit {file_limit()}: raise it (ulimit -n) "
            "or the server stops accepting anyone once it is reached", markup=False, soft_wrap=True,
        )
    config = uvicorn.Config(
        create_app(options), host=host, port=port, workers=1, log_level=log_level,
        # Behind the gate (server/gate.py): connections capped in all and by address, a request's head within seconds.
        http=http_protocol,
        # uvicorn's websocket protocol, but a peer that floods after the room closed it is cut off.
        ws=ws_protocol, ws_max_size=65536, ws_per_message_deflate=False, lifespan="on",
        # uvicorn believes X-Forwarded-For from 127.0.0.1 by default: any local client could
        # then claim any address and slip past the per-address limits.
        proxy_headers=trust_forwarded is not None, forwarded_allow_ips=trust_forwarded,
        ssl_certfile=certfile, ssl_keyfile=keyfile,
        # asyncio accepts up to `backlog` connections in one turn of the loop, and each one's
        # handshake follows in the next: a burst of sockets stalled every table for seconds.
        backlog=ACCEPT_BATCH,
    )
    _room_server(uvicorn).run_on(config, sock)


ACCEPT_BATCH = 32
"""Connections accepted in one turn of the event loop (the tables' work goes between two
batches); the kernel's queue of connections waiting to be accepted stays :data:`LISTEN_QUEUE`."""

LISTEN_QUEUE = 2048


def _room_server(uvicorn: Any) -> Any:  # noqa: ANN401 - uvicorn is imported late (serve's start time)
    """uvicorn's server, its listening socket's kernel queue set back to :data:`LISTEN_QUEUE` once
    asyncio has set it to the accept batch (asyncio uses one number for both)."""

    class RoomServer(uvicorn.Server):  # type: ignore[misc, name-defined]
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            for listening in sockets or ():
                listening.listen(LISTEN_QUEUE)

        @classmethod
        def run_on(cls, config: Any, sock: socket.socket) -> None:  # noqa: ANN401
            cls(config).run(sockets=[sock])

    return RoomServer


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach ``host``.

    >>> [is_loopback(h) for h in ("127.0.0.1", "::1", "localhost", "0.0.0.0", "", "poker.example.org")]
    [True, True, True, False, False, False]
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def plain_http_warning(host: str) -> str:
    """What ``serve`` says when it listens beyond this machine without TLS."""
    return (
        f"warning: serving plain HTTP on {host or 'every address'}: seat tokens, names and chat cross the "
        "network unencrypted; give --certfile/--keyfile, or put a TLS proxy in front (docs/room/serve.md, TLS)"
    )


def _check_tls(certfile: Path | None, keyfile: Path | None) -> None:
    """Both or neither, and a pair that loads -- refused here in one line, not by uvicorn's traceback."""
    if (certfile is None) != (keyfile is None):
        raise fail("--certfile and --keyfile go together: give both, or neither")
    if certfile is None or keyfile is None:
        return
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(certfile, keyfile)
    except OSError as error:
        raise fail(f"cannot use the certificate {certfile} with the key {keyfile}: {error.strerror or error}") from None


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock
