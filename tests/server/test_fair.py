"""Provably fair dealing: the commitment before the hand, the reveal after, ``pokerdealer verify``."""

from __future__ import annotations

import hashlib
from pathlib import Path

from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.server.fair import commitment
from tests.server.conftest import Client, Server


def _play_one_hand(server: Server) -> tuple[str, int, str]:
    table = server.create_table(name="fair", bots=["caller"], clock=30)
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    try:
        s = a.until(lambda s: s["hand"] is not None)
        number = s["hand"]["number"]
        commit = s["hand"]["commitment"]
        # Before the end, the fair endpoint publishes only the commitment.
        early = server.get(f"/api/tables/{table}/hands/{number}/fair").json()
        assert early == {"number": number, "commitment": commit}
        for _ in range(40):
            s = a.poll()
            if s["last_hand"] and s["last_hand"]["number"] == number:
                break
            if a.my_turn(s):
                a.act_passive(s)
                a.until(lambda x, seq=s["seq"]: x["seq"] > seq)
        assert s["last_hand"]["fair"]["commitment"] == commit
        return table, number, commit
    finally:
        a.close()


def test_commitment_formula() -> None:
    assert commitment("ab", "As Kd") == hashlib.sha256(b"abAs Kd").hexdigest()


def test_verify_a_downloaded_hand(shared_server: Server, tmp_path: Path) -> None:
    table, number, commit = _play_one_hand(shared_server)
    fair = shared_server.get(f"/api/tables/{table}/hands/{number}/fair").json()
    assert fair["commitment"] == commit == commitment(fair["salt"], fair["deck"])
    assert len(set(fair["deck"].split())) == 52
    text = shared_server.get(f"/api/tables/{table}/hands/{number}/phh").text
    assert "deck_commitment" in text and commit in text
    good = tmp_path / "hand.phh"
    good.write_text(text)
    runner = CliRunner()
    result = runner.invoke(app, ["verify", str(good)])
    assert result.exit_code == 0, result.output
    assert "verified" in result.output

    # A different deck (two cards swapped): the hash no longer matches.
    deck = fair["deck"].split()
    deck[10], deck[11] = deck[11], deck[10]
    bad = tmp_path / "swapped.phh"
    bad.write_text(text.replace(fair["deck"], " ".join(deck)))
    result = runner.invoke(app, ["verify", str(bad)])
    assert result.exit_code == 1, result.output
    assert "MISMATCH" in result.output

    # A forged salt and matching hash, but the board no longer comes from the deck.
    forged_deck = " ".join(reversed(fair["deck"].split()))
    forged = text.replace(fair["deck"], forged_deck).replace(commit, commitment(fair["salt"], forged_deck))
    (tmp_path / "forged.phh").write_text(forged)
    result = runner.invoke(app, ["verify", str(tmp_path / "forged.phh")])
    assert result.exit_code == 1, result.output

    # Bad input: not PHH, or no commitment.
    (tmp_path / "junk.phh").write_text("this is = not [ toml")
    assert runner.invoke(app, ["verify", str(tmp_path / "junk.phh")]).exit_code == 2
    plain = "\n".join(line for line in text.splitlines() if not line.startswith("deck"))
    (tmp_path / "plain.phh").write_text(plain)
    result = runner.invoke(app, ["verify", str(tmp_path / "plain.phh")])
    assert result.exit_code == 2, result.output
    assert runner.invoke(app, ["verify", str(tmp_path / "missing.phh")]).exit_code == 2


def test_history_exports_hide_unshown_cards(shared_server: Server) -> None:
    table, number, _ = _play_one_hand(shared_server)
    detail = shared_server.get(f"/api/tables/{table}/hands/{number}").json()
    shown = {c for o in detail["summary"]["order"] if o["cards"] for c in o["cards"]}
    fair = shared_server.get(f"/api/tables/{table}/hands/{number}/fair").json()
    n = len(detail["frames"][0]["seats"])
    hidden = set(fair["deck"].split()[: 2 * n]) - shown
    ps = shared_server.get(f"/api/tables/{table}/hands/{number}/pokerstars").text
    assert ps.startswith("PokerStars Hand #")
    for card in hidden:
        assert f"[{card}" not in ps and f"{card}]" not in ps and f" {card} " not in ps.replace("\n", " ")
    for frame in detail["frames"]:
        for seat in frame["seats"]:
            assert not seat["cards"] or set(seat["cards"]) <= shown
    listing = shared_server.get(f"/api/tables/{table}/hands").json()
    assert listing[0]["number"] == number
