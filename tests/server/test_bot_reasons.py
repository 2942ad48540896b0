"""Why did the bot do that? After a hand, the room gives every decision of a
bot that says why (regular, loose): the pot odds it used, worked out from its
own view, and its equity when its cards were shown; nothing while the hand is
played."""

from __future__ import annotations

from tests.server.conftest import Client, Server
from tests.server.test_host import play_until


def test_a_bots_reasons_are_given_after_the_hand_and_not_during_it(server: Server) -> None:
    table = server.create_table(bots=["regular", "loose"], lang="en", seats=3)
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    try:
        s = a.until(lambda x: x["hand"] is not None and bool((x.get("you") or {}).get("legal")))
        number = s["hand"]["number"]
        assert server.get(f"/api/tables/{table}/hands/{number}/why").json() == {"number": number, "reasons": None}
        s = play_until([a], lambda x: x["last_hand"] is not None and x["last_hand"]["number"] >= number)
    finally:
        a.close()
    reasons = server.get(f"/api/tables/{table}/hands/{number}/why").json()["reasons"]
    assert reasons, "the bots made no decision in a whole hand"
    seated = {row["name"] for row in s["seats"] if row}
    last = server.get(f"/api/tables/{table}/hands/{number}").json()["summary"]
    shown = {entry["seat"] for entry in last["order"] if entry["cards"]}
    for line in reasons:
        assert line["name"] in seated - {"Ann"}  # a bot's own decisions only
        if line["seat"] in shown:
            assert 0.0 <= line["equity"] <= 1.0
        else:  # its strength would tell its unshown cards, and so would its rule (fold_odds bounds its equity)
            assert line["equity"] is None and line["hand_share"] is None and line["rule"] is None
        assert line["action"] in {"fold", "check", "call", "raise"}
        if line["price"]:
            assert line["pot_odds"] == round(line["price"] / (line["pot"] + line["price"]), 4)
        else:
            assert line["pot_odds"] is None
    assert any(line["equity"] is None for line in reasons)  # this deal: a bot folded unshown
    assert server.get(f"/api/tables/{table}/hands/999/why").status_code == 404
