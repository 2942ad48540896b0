"""The room's PokerStars download: the player who downloads it (seat token in
``X-Seat-Token``) is the hero; without a token nobody is dealt to."""

from __future__ import annotations

import warnings


from tests.server.conftest import HTTP, Client, Server


def _play_one_hand(server: Server) -> tuple[str, int, str, list[str]]:
    table = server.create_table(name="stars", bots=["caller"], clock=30)
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    try:
        s = a.until(lambda s: s["hand"] is not None)
        number = s["hand"]["number"]
        mine = [seat["cards"] for seat in s["seats"] if seat and seat.get("name") == "Ann" and seat.get("cards")]
        for _ in range(40):
            s = a.poll()
            if s["last_hand"] and s["last_hand"]["number"] == number:
                break
            if a.my_turn(s):
                a.act_passive(s)
                a.until(lambda x, seq=s["seq"]: x["seq"] > seq)
        return table, number, ann["token"], mine[0]
    finally:
        a.close()


def test_a_download_deals_to_the_seat_token_holder_only(shared_server: Server) -> None:
    table, number, token, cards = _play_one_hand(shared_server)
    path = f"{shared_server.base}/api/tables/{table}/hands/{number}/pokerstars"
    anonymous = HTTP.get(path, timeout=10).text
    assert "Dealt to" not in anonymous
    stranger = HTTP.get(path, headers={"X-Seat-Token": "not-a-token"}, timeout=10).text
    assert "Dealt to" not in stranger
    mine = HTTP.get(path, headers={"X-Seat-Token": token}, timeout=10).text
    dealt = [line for line in mine.splitlines() if line.startswith("Dealt to ")]
    assert dealt == [f"Dealt to Ann [{' '.join(cards)}]"]
    assert " UTC [" in mine.splitlines()[0] and mine.splitlines()[0].endswith(" ET]")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from poker.room.pokerstars import PokerStarsHandHistory

    parsed = PokerStarsHandHistory(mine)
    parsed.parse()  # the poker package needs the hero's line
    assert parsed.hero.name == "Ann"
