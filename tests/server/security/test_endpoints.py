"""The readers read every GET endpoint the room has, for every finished hand."""

from __future__ import annotations

from tests.server.security.listening import ANONYMOUS, HOST, HUMANS, Listening, get_endpoints

NAMED = {
    "/",
    "/api/tables",
    "/api/tables/{table_id}",
    "/api/tables/{table_id}/hands",
    "/api/tables/{table_id}/hands/{number}",
    "/api/tables/{table_id}/hands/{number}/phh",
    "/api/tables/{table_id}/hands/{number}/pokerstars",
    "/api/tables/{table_id}/hands/{number}/fair",
    "/api/tables/{table_id}/host",
    "/api/tables/{table_id}/ledger.csv",
    "/t/{table_id}",
    "/static/table.html",
    "/static/table.js",
}


def test_the_endpoints_come_from_the_application() -> None:
    templates = {e.template for e in get_endpoints()}
    assert templates >= NAMED, sorted(NAMED - templates)


def test_every_reader_fetches_every_endpoint_for_every_finished_hand(listening: Listening) -> None:
    for endpoint in listening.endpoints:
        numbers = sorted(listening.hands) if endpoint.per_hand else [None]
        for number in numbers:
            url = endpoint.url(listening.table_id, number)
            got = {reader: listening.status.get((reader, url)) for reader in (ANONYMOUS, HOST, *HUMANS)}
            assert None not in got.values(), (url, got)
            assert 200 in got.values(), (url, got)
