"""Provably fair dealing: a Merkle root before the hand, each player's own
opening during it, and after it only the positions the rules made public;
``pokerdealer verify`` on honest and tampered downloads."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pokerdealer.cards import deck_cards, parse_cards
from pokerdealer.cli import app
from pokerdealer.rules import (
    Action,
    Hand,
    HandConfig,
    Street,
    board_positions,
    deck_for_deal,
    hole_positions,
)
from pokerdealer.server.fair import (
    DeckCommitment,
    leaf_hash,
    merkle_path,
    merkle_root,
    public_positions,
    reveal_payload,
    root_from_path,
    shuffled_deck,
    verify_phh_text,
)
from pokerdealer.server.proofs import hand_phh
from tests.server.conftest import HTTP, SEED, Client, Server

runner = CliRunner()


# ------------------------------------------------------------------ offline
def _without_hashes(text: str) -> str:
    """The text with hashes and salts taken out (a card like ``2c`` is also hex)."""
    return re.sub(r"[0-9a-f]{32,}", "", text)


def _deal(holes: list[str], board: str, *, stacks: int = 100) -> tuple[Hand, DeckCommitment]:
    config = HandConfig(stacks=(stacks,) * len(holes))
    deck = deck_for_deal(config, [parse_cards(h) for h in holes], parse_cards(board))
    committed = DeckCommitment.draw(deck)
    return Hand(config, committed.deck), committed


def _check_down(hand: Hand) -> Hand:
    while hand.street is not Street.SHOWDOWN and not hand.is_complete:
        legal = hand.legal()
        assert hand.actor is not None
        hand.apply(Action("check" if legal.can_check else "call", hand.actor))
    if not hand.is_complete:
        hand.auto_showdown()
    return hand


def _fold_to_one(hand: Hand) -> Hand:
    while not hand.is_complete:
        assert hand.actor is not None
        hand.apply(Action("fold", hand.actor))
    return hand


def _showdown_with_muck() -> tuple[Hand, DeckCommitment]:
    """Three players check down; p1 (aces) shows and wins, p2 and p3 muck."""
    hand, committed = _deal(["AsAd", "7h2c", "KcKd"], "Qs Jh 9d 5c 3s")
    _check_down(hand)
    assert set(hand.shown) == {0}
    return hand, committed


def _phh(hand: Hand, committed: DeckCommitment, *, own: int | None = None) -> str:
    return hand_phh(hand, reveal_payload(committed, hand), metadata={"table": "t", "hand": 1}, own=own)


def _mine(hand: Hand, committed: DeckCommitment, player: int) -> str:
    opening = committed.opening(hole_positions(hand.config, player))
    return json.dumps({"name": hand.config.players[player], "root": committed.root, **opening})


def _verify(tmp_path: Path, text: str, mine: str | None = None) -> Any:  # noqa: ANN401
    hand_file = tmp_path / "hand.phh"
    hand_file.write_text(text)
    args = ["verify", str(hand_file)]
    if mine is not None:
        (tmp_path / "mine.json").write_text(mine)
        args += ["--mine", str(tmp_path / "mine.json")]
    return runner.invoke(app, args)


def test_every_position_opens_against_the_root_by_its_path() -> None:
    for size in (1, 2, 5, 36, 52):
        leaves = [leaf_hash(i, "As", f"{i:032x}") for i in range(size)]
        root = merkle_root(leaves)
        for i in range(size):
            assert root_from_path(leaves[i], i, size, merkle_path(leaves, i)) == root
        if size > 1:  # another leaf at the same place does not
            assert root_from_path(leaves[0], size - 1, size, merkle_path(leaves, size - 1)) != root


def test_each_position_gets_a_fresh_salt() -> None:
    deck = deck_cards()
    a, b = DeckCommitment.draw(deck), DeckCommitment.draw(deck)
    assert len(set(a.salts)) == 52 and not set(a.salts) & set(b.salts)
    assert all(re.fullmatch(r"[0-9a-f]{32}", s) for s in a.salts)
    assert a.root != b.root


def test_the_stored_form_gives_back_the_same_root() -> None:
    committed = DeckCommitment.draw(deck_cards("shortdeck"))
    again = DeckCommitment.from_text(committed.deck_text, committed.salts_text, variant="shortdeck")
    assert again.root == committed.root and len(again.leaves) == 36


def test_the_reveal_opens_the_board_and_shown_hands_only() -> None:
    hand, committed = _showdown_with_muck()
    reveal = reveal_payload(committed, hand)["reveal"]
    opened = {i for i, entry in enumerate(reveal) if ":" in entry}
    assert opened == set(board_positions(3)) | set(hole_positions(hand.config, 0))
    assert opened == public_positions(hand)
    text = _without_hashes(json.dumps(reveal))
    for card in ("7h", "2c", "Kc", "Kd"):  # the mucked hands appear nowhere
        assert card not in text


def test_a_hand_everyone_folds_reveals_no_card() -> None:
    hand, committed = _deal(["AsAd", "7h2c", "KcKd"], "")
    _fold_to_one(hand)
    reveal = reveal_payload(committed, hand)["reveal"]
    assert all(":" not in entry for entry in reveal)
    assert reveal == list(committed.leaves)


def test_the_whole_deck_option_opens_every_position() -> None:
    hand, committed = _deal(["AsAd", "7h2c", "KcKd"], "")
    _fold_to_one(hand)
    reveal = reveal_payload(committed, hand, everything=True)["reveal"]
    assert [e.split(":")[0] for e in reveal] == [str(c) for c in committed.deck]
    assert verify_phh_text(hand_phh(hand, reveal_payload(committed, hand, everything=True), metadata={})).ok


def test_verify_passes_an_honest_showdown_with_a_muck(tmp_path: Path) -> None:
    hand, committed = _showdown_with_muck()
    text = _phh(hand, committed)
    for card in ("7h", "2c", "Kc", "Kd"):
        assert card not in _without_hashes(text)
    result = _verify(tmp_path, text)
    assert result.exit_code == 0, result.output
    assert "verified" in result.output


def test_verify_passes_a_hand_everyone_folds_with_a_players_own_file(tmp_path: Path) -> None:
    hand, committed = _deal(["AsAd", "7h2c", "KcKd"], "")
    _fold_to_one(hand)
    result = _verify(tmp_path, _phh(hand, committed), _mine(hand, committed, 0))
    assert result.exit_code == 0, result.output
    assert "p1's hole cards As Ad sit at positions [0, 3]" in result.output


def test_verify_checks_the_cards_of_a_players_own_phh(tmp_path: Path) -> None:
    hand, committed = _showdown_with_muck()
    text = _phh(hand, committed, own=1)
    assert "d dh p2 7h2c" in text
    result = _verify(tmp_path, text, _mine(hand, committed, 1))
    assert result.exit_code == 0, result.output
    assert "note:" not in result.output
    without = _verify(tmp_path, text)  # without --mine those cards are said to be unchecked
    assert without.exit_code == 0 and "not checked" in without.output
    forged = _verify(tmp_path, text.replace("d dh p2 7h2c", "d dh p2 7h3c"), _mine(hand, committed, 1))
    assert forged.exit_code == 1, forged.output


def _flip(hex_text: str) -> str:
    return ("0" if hex_text[0] != "0" else "1") + hex_text[1:]


def _tamper(kind: str, text: str, hand: Hand, committed: DeckCommitment) -> str:
    reveal = reveal_payload(committed, hand)["reveal"]
    b = board_positions(3)
    if kind == "board card":  # the flop's first card, in the action line
        return text.replace('"d db QsJh9d"', '"d db QhJh9d"')
    if kind == "shown card":
        return text.replace('"p1 sm AsAd"', '"p1 sm AsAh"')
    if kind == "leaf hash":
        hidden = next(e for e in reveal if ":" not in e)
        return text.replace(f'"{hidden}"', f'"{_flip(hidden)}"')
    if kind == "root":
        return text.replace(committed.root, _flip(committed.root))
    if kind == "revealed card":
        river = reveal[b[4]]
        return text.replace(f'"{river}"', f'"2h{river[2:]}"')
    if kind == "duplicated card":
        turn, river = reveal[b[3]], reveal[b[4]]
        return text.replace(f'"{river}"', f'"{turn[:2]}{river[2:]}"')
    if kind == "foreign card":
        river = reveal[b[4]]
        return text.replace(f'"{river}"', f'"Zz{river[2:]}"')
    raise AssertionError(kind)


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("board card", "board card 1 is Qh, the committed deck has Qs"),
        ("shown card", "p1 has As Ah in the file, the committed deck deals p1 As Ad"),
        ("leaf hash", "give root"),
        ("root", "give root"),
        ("revealed card", "give root"),
        ("duplicated card", "card 5c is revealed twice"),
        ("foreign card", "position 13 reveals 'Zz', not a card of the holdem deck"),
    ],
)
def test_verify_fails_a_tampered_field_with_one_line(tmp_path: Path, kind: str, says: str) -> None:
    hand, committed = _showdown_with_muck()
    text = _phh(hand, committed)
    bad = _tamper(kind, text, hand, committed)
    assert bad != text
    result = _verify(tmp_path, bad)
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("MISMATCH: "), result.output
    assert says in lines[0]


def test_verify_fails_a_tampered_own_file(tmp_path: Path) -> None:
    hand, committed = _showdown_with_muck()
    mine = json.loads(_mine(hand, committed, 1))
    mine["cards"][0] = "8h"
    result = _verify(tmp_path, _phh(hand, committed), json.dumps(mine))
    assert result.exit_code == 1, result.output
    assert result.output.strip() == "MISMATCH: p2's 8h does not open the leaf at position 1"
    mine = json.loads(_mine(hand, committed, 1))
    mine["positions"] = [2, 5]
    result = _verify(tmp_path, _phh(hand, committed), json.dumps(mine))
    assert result.exit_code == 1 and "hole positions are [1, 4]" in result.output


@pytest.mark.parametrize(
    ("text", "mine", "says"),
    [
        ("this is = not [ toml", None, "not a PHH hand"),
        ('variant = "NT"\n', None, "not a PHH hand"),
        ("PLAIN", None, "has no _deck_root or _deck_reveal"),
        ("GOOD", "{not json", "not JSON"),
        ("GOOD", '{"name": "p1"}', "--mine file must hold"),
        ("MALFORMED", None, "expected a leaf hash"),
    ],
)
def test_verify_exits_2_on_unreadable_input(tmp_path: Path, text: str, mine: str | None, says: str) -> None:
    hand, committed = _showdown_with_muck()
    good = _phh(hand, committed)
    if text == "GOOD":
        text = good
    elif text == "PLAIN":
        text = "\n".join(line for line in good.splitlines() if not line.startswith("_deck"))
    elif text == "MALFORMED":
        text = good.replace(f'"{committed.leaves[1]}"', '"not a hash"')
    result = _verify(tmp_path, text, mine)
    assert result.exit_code == 2, result.output
    assert says in result.output and len(result.output.strip().splitlines()) == 1


def test_verify_exits_2_on_a_missing_file(tmp_path: Path) -> None:
    assert runner.invoke(app, ["verify", str(tmp_path / "missing.phh")]).exit_code == 2


# -------------------------------------------------------------- the room
def _play_hands(server: Server, table: str, clients: list[Client], count: int) -> dict[str, Any]:
    """Check or call through ``count`` hands; the last state of the first client."""
    seen: set[int] = set()
    state: dict[str, Any] = {}
    for _ in range(400):
        for c in clients:
            s = c.poll(0.05)
            if s["last_hand"]:
                seen.add(s["last_hand"]["number"])
            if c.my_turn(s):
                c.act_passive(s)
        state = clients[0].state or {}
        if len(seen) >= count:
            return state
    raise AssertionError(f"only hands {sorted(seen)} finished")


def _hidden_cards(detail: dict[str, Any], number: int, players: int) -> set[str]:
    """The hole cards nobody showed (the test seed makes the deck known to the test)."""
    deck = [str(c) for c in shuffled_deck("holdem", seed=SEED, number=number)]
    shown = {c for o in detail["summary"]["order"] if o["cards"] for c in o["cards"]}
    return set(deck[: 2 * players]) - shown


def test_the_room_commits_before_and_reveals_only_public_cards_after(shared_server: Server, tmp_path: Path) -> None:
    server = shared_server
    table = server.create_table(name="fair", bots=[], clock=30)
    ann, bob = server.join(table, "Ann"), server.join(table, "Bob")
    a, b = Client(server, table, ann["token"]), Client(server, table, bob["token"])
    spy = Client(server, table, None)
    try:
        s = a.until(lambda s: s["hand"] is not None)
        number, root = s["hand"]["number"], s["hand"]["commitment"]
        # In play: the fair endpoint has the root only; each player their own opening.
        assert server.get(f"/api/tables/{table}/hands/{number}/fair").json() == {"number": number, "root": root}
        proof = s["you"]["deal_proof"]
        mine = s["seats"][ann["seat"] - 1]["cards"]
        assert proof["cards"] == mine and proof["hand"] == number
        for p, card, salt, path in zip(proof["positions"], proof["cards"], proof["salts"], proof["paths"], strict=True):
            assert root_from_path(leaf_hash(p, card, salt), p, 52, path) == root
        spy.until(lambda s: s["hand"] is not None)
        assert all("deal_proof" not in json.dumps(m) for m in spy.messages)
        _play_hands(server, table, [a, b], 4)
        for number in range(1, 4):
            detail = server.get(f"/api/tables/{table}/hands/{number}").json()
            fair = server.get(f"/api/tables/{table}/hands/{number}/fair").json()
            assert detail["summary"]["fair"]["reveal"] == fair["reveal"]
            hidden = _hidden_cards(detail, number, 2)
            phh = server.get(f"/api/tables/{table}/hands/{number}/phh").text
            everything = _without_hashes(json.dumps(detail) + json.dumps(fair) + phh)
            for card in hidden:
                assert not re.search(card + "(?![a-z])", everything), f"hand {number}: {card} is published"
            result = _verify(tmp_path, phh)
            assert result.exit_code == 0, result.output
        # Nobody's websocket carried another player's opening.
        for c, seat in ((a, ann["seat"]), (b, bob["seat"])):
            for m in c.messages:
                if m["type"] == "state" and m.get("you", {}).get("deal_proof"):
                    assert m["you"]["deal_proof"]["cards"] == m["seats"][seat - 1]["cards"]
    finally:
        a.close(), b.close(), spy.close()


def test_a_player_downloads_their_own_proof(shared_server: Server, tmp_path: Path) -> None:
    server = shared_server
    table = server.create_table(name="mine", bots=["caller"], clock=30)
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    try:
        _play_hands(server, table, [a], 2)
        base = f"{server.base}/api/tables/{table}/hands/1"
        got = HTTP.get(f"{base}/mine", headers={"X-Seat-Token": ann["token"]}, timeout=10)
        assert got.status_code == 200, got.text
        mine = got.json()
        assert mine["name"] == "Ann" and len(mine["salts"]) == 2
        own_phh = HTTP.get(f"{base}/phh", headers={"X-Seat-Token": ann["token"]}, timeout=10).text
        assert "".join(mine["cards"]) in own_phh
        result = _verify(tmp_path, own_phh, json.dumps(mine))
        assert result.exit_code == 0, result.output
        assert f"Ann's hole cards {' '.join(mine['cards'])}" in result.output

        no_token = HTTP.get(f"{base}/mine", timeout=10)
        assert no_token.status_code == 403 and "X-Seat-Token" in no_token.json()["detail"]
        unknown = HTTP.get(f"{base}/mine", headers={"X-Seat-Token": "nope"}, timeout=10)
        assert unknown.status_code == 403 and unknown.json()["detail"] == "unknown seat token"
        late = server.join(table, "Late")  # joined after hand 1: not dealt in it
        other = HTTP.get(f"{base}/mine", headers={"X-Seat-Token": late["token"]}, timeout=10)
        assert other.status_code == 404 and other.json()["detail"] == "you were not dealt in this hand"
        phh_other = HTTP.get(f"{base}/phh", headers={"X-Seat-Token": late["token"]}, timeout=10)
        assert phh_other.status_code == 404
        missing = HTTP.get(f"{server.base}/api/tables/{table}/hands/999/mine", headers={"X-Seat-Token": ann["token"]}, timeout=10)
        assert missing.status_code == 404
    finally:
        a.close()


def test_the_whole_deck_option_is_a_checked_table_setting() -> None:
    from pokerdealer.server.settings import TableSettings
    from pokerdealer.table import TableError

    assert TableSettings().reveal_deck is False
    assert TableSettings.from_dict({"reveal_deck": True}).reveal_deck is True
    with pytest.raises(TableError, match="reveal_deck must be true or false"):
        TableSettings.from_dict({"reveal_deck": "yes"})


def test_a_table_that_reveals_the_whole_deck_says_so_and_does(shared_server: Server, tmp_path: Path) -> None:
    server = shared_server
    table = server.create_table(name="open deck", bots=["caller"], clock=30, listed=True, reveal_deck=True)
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    try:
        _play_hands(server, table, [a], 1)
        listing = {t["id"]: t for t in server.get("/api/tables").json()}
        assert listing[table]["reveal_deck"] is True
        fair = server.get(f"/api/tables/{table}/hands/1/fair").json()
        deck = [str(c) for c in shuffled_deck("holdem", seed=SEED, number=1)]
        assert [e.split(":")[0] for e in fair["reveal"]] == deck
        result = _verify(tmp_path, server.get(f"/api/tables/{table}/hands/1/phh").text)
        assert result.exit_code == 0, result.output
    finally:
        a.close()


def _offline_table(settings: Any = None) -> Any:  # noqa: ANN401
    """A live table without a server or database (events applied by hand)."""
    from types import SimpleNamespace

    from pokerdealer.server.chat import ChatLimits
    from pokerdealer.server.live import LiveTable, Member
    from pokerdealer.server.settings import ServerOptions, TableSettings

    options = ServerOptions()
    room = SimpleNamespace(options=options, chat_limits=ChatLimits(options))
    lt = LiveTable(room, "t1", settings or TableSettings(bots=()), seed=None, created_at=0.0)  # type: ignore[arg-type]
    for k, name in enumerate(("Ann", "Bob", "Cat")):
        lt.add_member(Member(k + 1, name, None))
        lt.apply_event("sit_down", {"member": k + 1, "seat": k + 1, "buy_in": 200, "wait_bb": False}, 0.0)
    return lt


def test_a_hand_logged_before_the_per_position_proof_gets_none_and_reveals_nothing() -> None:
    from pokerdealer.server import proofs
    from pokerdealer.server.app import export_phh

    lt = _offline_table()
    deck = " ".join(str(c) for c in deck_cards())
    # The old event: one salt and a hash of the whole deck.
    lt.apply_event("hand_start", {"number": 1, "deck": deck, "salt": "ab" * 16, "commitment": "cd" * 32}, 1.0)
    record = lt.table.current
    assert record is not None
    while not record.hand.is_complete:
        lt.apply_event("act", {"hand": 1, "a": f"p{record.hand.actor + 1} f"}, 1.0)
    lt.apply_event("hand_end", {"hand": 1}, 2.0)
    summary = lt.summary(1)
    assert summary is not None and summary["fair"] is None
    assert proofs.own_opening(lt, record, 0) is None
    text = _without_hashes(json.dumps(summary) + export_phh(lt, record))
    assert "_deck" not in text
    for card in (str(c) for c in record.hand.deck[:6]):
        assert not re.search(card + "(?![a-z])", text)


def test_a_restarted_table_opens_the_same_positions_with_the_same_salts() -> None:
    from pokerdealer.server import proofs

    committed = DeckCommitment.draw(shuffled_deck("holdem"))
    event = {"number": 1, "deck": committed.deck_text, "salts": committed.salts_text, "commitment": committed.root}
    lt = _offline_table()
    lt.apply_event("hand_start", event, 1.0)
    record = lt.table.current
    assert record is not None
    opening = proofs.own_opening(lt, record, 1)
    assert opening is not None and opening["salts"] == [committed.salts[p] for p in opening["positions"]]
    assert proofs.commitment_of(lt, 1).root == committed.root  # type: ignore[union-attr]
