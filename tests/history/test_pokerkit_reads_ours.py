"""PokerKit reads every PHH we write, as it is (issue 13's acceptance test).

Every file we write -- ``simulate --out`` (NT, FT, NS; 2, 6 and 10 players),
``acpc-server --log`` and the room's downloads -- is loaded with PokerKit's
``HandHistory`` and played to the end twice: by PokerKit's own iteration
(which "repairs" a line it refuses by playing something else) and line by line
without any repair, so a refused line fails the test. PokerKit's warnings are
errors (``filterwarnings = error``). Then ``replay --rules pokerkit`` must give
PokerKit's finishing stacks.

Where PokerKit's rules differ from RULES.md, a file can hold a move PokerKit
refuses, and PHH has no field to say otherwise; the tests name each case:

- Fixed limit (docs/hand-histories.md says the same, and the tests below pin it):
  after the flop PokerKit allows a bet and three raises, RULES.md's default a
  bet and four (WSOP-LA 126): it refuses the fourth raise (before the flop both
  allow four raises over the big blind). It refuses a raise that RULES.md's
  half-bet rule reopens (a short all-in of half a bet or more, TDA 2026 49-B), and
  the completion of a short all-in bet to the full bet.
- PokerKit warns of a fold when checking is free (its legal actions leave it out).
- The dead chips of a player coming in (a missed small blind) are in our own
  ``_posts`` field only, which PokerKit ignores.
- A blind whose chips already cover every all-in opponent has no decision
  (RULES.md §3.4); PokerKit asks them (``RuleOptions.covered_all_in_acts``).
- A big blind who cannot post both the big-blind ante and the blind posts the
  blind first (TDA RP-11); PokerKit takes the ante first (``bba_priority``).
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import httpx
import pytest
from pokerkit.notation import parse_action
from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.cli.replay import rule_options
from pokerdealer.history import dumps, loads
from pokerdealer.history.convert import ReplayError, history_to_hand
from pokerdealer.rules import BBAPriority
from tests.rules.pokerkit_oracle import PokerKitHistory  # PokerKit's reader, each hand evaluated once

runner = CliRunner()

#: What PokerKit does by itself between the lines of a file (HandHistory's automations).
_AUTOMATIC = ("post_ante", "collect_bets", "post_blind_or_straddle", "select_runout_count",
              "kill_hand", "push_chips", "pull_chips")


class Refused(AssertionError):
    """PokerKit refuses a line of the file."""

    def __init__(self, index: int, line: str, reason: str) -> None:
        super().__init__(f"PokerKit refuses actions[{index}] {line!r}: {reason}")
        self.index = index
        self.line = line


def _automate(state) -> None:  # noqa: ANN001
    while True:
        if state.can_burn_card():
            state.burn_card("??")
            continue
        for name in _AUTOMATIC:
            if getattr(state, f"can_{name}")():
                getattr(state, name)()
                break
        else:
            return


def pokerkit_stacks(text: str) -> list:
    """PokerKit's finishing stacks of one hand; :class:`Refused` if a line is refused."""
    history = PokerKitHistory.loads(text)
    state = history.create_state()
    for index, line in enumerate(history.actions):
        _automate(state)
        try:
            parse_action(state, line)
        except ValueError as error:
            raise Refused(index, line, str(error)) from None
    _automate(state)
    assert not state.status, f"PokerKit's hand is not over:\n{text}"
    *_, last = history  # PokerKit's own iteration, to the end: the same
    assert list(last.stacks) == list(state.stacks)
    return list(state.stacks)


def hands_of(phhs: str) -> list[str]:
    """The hands of ``.phhs`` text, each as ``.phh`` text."""
    return [part for part in re.split(r"^\[\d+\]\n", phhs, flags=re.M) if part.strip()]


def check_every_hand(texts: list[str]) -> list[tuple[str, list]]:
    """Each hand read by PokerKit with its stacks, and the same from ``--rules pokerkit``."""
    options = rule_options("pokerkit")
    out = []
    for text in texts:
        stacks = pokerkit_stacks(text)
        ours = history_to_hand(loads(text), options=options).finishing_stacks
        assert list(ours) == stacks, text
        out.append((text, stacks))
    return out


def replay_folder_under_pokerkit_rules(tmp_path: Path, checked: list[tuple[str, list]]) -> dict:
    """``replay DIR --rules pokerkit`` on the hands with PokerKit's stacks recorded."""
    folder = tmp_path / "with-pokerkit-stacks"
    folder.mkdir()
    for k, (text, stacks) in enumerate(checked):
        (folder / f"{k}.phh").write_text(dumps(loads(text).replace(finishing_stacks=tuple(stacks))))
    result = runner.invoke(app, ["replay", str(folder), "--rules", "pokerkit", "--json"])
    assert result.exit_code == 0, result.stdout[-2000:]
    return json.loads(result.stdout)["summary"]


# -- simulate --out -------------------------------------------------------------------------

GAMES = {"NT": ("no_limit", "holdem"), "FT": ("fixed_limit", "holdem"), "NS": ("no_limit", "shortdeck")}


def simulated(tmp_path: Path, code: str, players: int, hands: int) -> list[str]:
    structure, variant = GAMES[code]
    players = min(players, 9) if variant == "shortdeck" else players
    out = tmp_path / f"{code}-{players}.phhs"
    result = runner.invoke(app, [
        "simulate", "--players", str(players), "--hands", str(hands), "--seed", "13",
        "--structure", structure, "--variant", variant, "--out", str(out), "--workers", "1", "--json",
    ])
    assert result.exit_code == 0, result.output
    return hands_of(out.read_text())


@pytest.mark.parametrize("players", [2, 6, 10])
@pytest.mark.parametrize("code", ["NT", "NS"])
def test_pokerkit_reads_every_simulated_hand(tmp_path, code, players):
    checked = check_every_hand(simulated(tmp_path, code, players, 60))
    assert len(checked) == 60
    summary = replay_folder_under_pokerkit_rules(tmp_path, checked)
    assert summary["match"] == 60


def _fifth_bet_of_a_round(text: str, index: int) -> bool:
    """Whether ``actions[index]`` is the fifth bet or raise of its betting round."""
    actions = loads(text).actions
    count = 0
    for line in actions[: index + 1]:
        words = line.split()
        if words[:2] == ["d", "db"]:
            count = 0
        elif len(words) > 1 and words[1] == "cbr":
            count += 1
    return count == 5 and actions[index].split()[1] == "cbr"


def check_limit_hands(texts: list[str]) -> tuple[list[tuple[str, list]], int]:
    """Like :func:`check_every_hand`; a hand PokerKit refuses must be refused
    for a fifth bet in a round (and nothing else). Returns the hands read and
    how many were refused."""
    read, refused = [], 0
    for text in texts:
        try:
            read.extend(check_every_hand([text]))
        except Refused as error:
            assert _fifth_bet_of_a_round(text, error.index), f"{error}\n{text}"
            refused += 1
    return read, refused


@pytest.mark.parametrize("players", [2, 6, 10])
def test_pokerkit_reads_every_simulated_limit_hand_within_its_cap_of_four_bets(tmp_path, players):
    read, refused = check_limit_hands(simulated(tmp_path, "FT", players, 60))
    assert len(read) + refused == 60 and refused <= 3
    assert replay_folder_under_pokerkit_rules(tmp_path, read)["match"] == len(read)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 6, 10])
@pytest.mark.parametrize("code", ["NT", "FT", "NS"])
def test_pokerkit_reads_a_thousand_simulated_hands(tmp_path, code, players):
    texts = simulated(tmp_path, code, players, 1000)
    read, refused = check_limit_hands(texts) if code == "FT" else (check_every_hand(texts), 0)
    assert len(read) + refused == 1000 and refused <= (40 if code == "FT" else 0)


# -- acpc-server --log ------------------------------------------------------------------------


def _fixed_limit(stacks: tuple[int, ...]):  # noqa: ANN202
    from pokerdealer.rules import Hand, HandConfig, Structure, deck_for_deal

    config = HandConfig(stacks=stacks, blinds=(1, 2), structure=Structure.FIXED_LIMIT)
    return Hand(config, deck_for_deal(config, [None] * len(stacks)))


def _refused(hand) -> Refused | None:  # noqa: ANN001
    """The first line of ``hand`` (finished or not) that PokerKit refuses, if any."""
    from pokerdealer.history.convert import hand_to_history

    history = PokerKitHistory.loads(dumps(hand_to_history(hand)))
    state = history.create_state()
    for index, line in enumerate(history.actions):
        _automate(state)
        try:
            parse_action(state, line)
        except ValueError as error:
            return Refused(index, line, str(error))
    return None


def test_pokerkit_reads_four_raises_over_the_big_blind_in_our_fixed_limit_files():
    hand = _fixed_limit((100, 100, 100))
    for to in (4, 6, 8, 10):
        hand.raise_to(to)
    assert hand.legal().min_raise_to is None  # our cap, PokerKit's too
    while not hand.is_complete:
        hand.show() if hand.street == "showdown" else hand.check_or_call()
    assert _refused(hand) is None


def test_pokerkit_refuses_only_the_fourth_raise_after_the_flop_of_our_fixed_limit_files():
    hand = _fixed_limit((100, 100, 100))
    while hand.street == "preflop":
        hand.check_or_call()
    for to in (2, 4, 6, 8):  # a bet and three raises: read
        hand.raise_to(to)
    assert _refused(hand) is None
    hand.raise_to(10)  # the fourth raise, within RULES.md's default cap (WSOP-LA 126)
    error = _refused(hand)
    assert error is not None and error.line == "p2 cbr 10" and "No more completion, betting, or raising" in str(error)


def test_pokerkit_refuses_a_raise_our_half_bet_rule_reopens():
    # Blinds 1/2, p1 (small blind) has 5: p3 raises to 4, p1 is all-in for 5 (half a bet
    # more: a full raise here, TDA 2026 49-B), p2 calls, p3 raises again to 7. PokerKit never
    # reopens the betting after a short all-in.
    hand = _fixed_limit((5, 9, 11))
    hand.raise_to(4)
    hand.raise_to(5)
    hand.call()
    hand.raise_to(7)
    error = _refused(hand)
    assert error is not None and error.line == "p3 cbr 7" and "Short all-in cannot be raised" in str(error)


def test_pokerkit_refuses_completing_a_short_all_in_bet():
    # p1 has 1 chip left on the turn (big bet 4) and bets it; p2 completes the bet to 4
    # (RULES.md §4.3, RRP 6); PokerKit asks for a full raise over it, to 5.
    hand = _fixed_limit((3, 100, 100))
    while hand.street in ("preflop", "flop"):
        hand.check_or_call()
    hand.raise_to(1)
    hand.raise_to(4)
    error = _refused(hand)
    assert error is not None and error.line == "p2 cbr 4" and "below the minimum allowed 5" in str(error)


def acpc_log(players: int, structure: str, bots: list[str], hands: int) -> list[str]:
    from pokerdealer.acpc import AcpcDealer, AcpcGame
    from pokerdealer.history import dumps_all
    from pokerdealer.rules import Structure
    from tests.acpc.test_loopback import TIMEOUT, _clients

    game = AcpcGame(players=players, stack=2000, blinds=(10, 20), structure=Structure(structure))
    dealer = AcpcDealer(game, hands=hands, seed=11, host="127.0.0.1", port=0, timeout=TIMEOUT)
    threads, _, errors = _clients(game, dealer, bots)
    summary = dealer.run()
    for thread in threads:
        thread.join(TIMEOUT)
    assert not errors, errors
    return hands_of(dumps_all(summary.histories))


@pytest.mark.parametrize(
    ("players", "structure", "bots"),
    [(2, "no_limit", ["tight", "random"]), (3, "no_limit", ["random", "caller", "random"]),
     (2, "fixed_limit", ["random", "random"])],
)
def test_pokerkit_reads_every_acpc_log_hand(tmp_path, players, structure, bots):
    # The ACPC dealer plays limit with three raises: within PokerKit's cap.
    checked = check_every_hand(acpc_log(players, structure, bots, 80))
    assert len(checked) == 80
    assert replay_folder_under_pokerkit_rules(tmp_path, checked)["match"] == 80


# -- the room's downloads -------------------------------------------------------------------


def room_downloads(tmp_path: Path, tables: list[dict], hands: int) -> list[str]:
    """Play ``hands`` hands at each table (one careful human, bots), then download
    every hand's PHH: the public file, and the human's own copy."""
    from tests.server.conftest import Client, Server

    server = Server(tmp_path / "room.db").start()
    clients = []
    try:
        seated = []
        for settings in tables:
            table = server.create_table(clock=30, **settings)
            token = server.join(table, "Ann")["token"]
            client = Client(server, table, token)
            clients.append(client)
            seated.append((table, token, client))
        deadline = time.monotonic() + 240
        done: set[str] = set()
        while len(done) < len(seated):
            assert time.monotonic() < deadline, "the room did not play its hands in time"
            for table, _, client in seated:
                if table in done:
                    continue
                state = client.poll(0.05)
                if len(server.get(f"/api/tables/{table}/hands").json()) >= hands:
                    done.add(table)
                elif client.my_turn(state):
                    # Cheap calls only, so Ann lasts and still sees showdowns.
                    legal, hand = state["you"]["legal"], state["hand"]
                    kind = "check" if legal["check"] else "call" if (legal["call"] or 0) <= 4 else "fold"
                    client.send(type="act", kind=kind, hand=hand["number"], at=hand["actions"])
        texts = []
        for table, token, _ in seated:
            for number in range(1, hands + 1):
                path = f"/api/tables/{table}/hands/{number}/phh"
                public = server.get(path)
                assert public.status_code == 200, public.text
                texts.append(public.text)
                own = httpx.get(server.base + path, headers={"X-Seat-Token": token}, timeout=10)
                assert own.status_code in (200, 404), own.text  # 404: Ann was not dealt in
                if own.status_code == 200:
                    texts.append(own.text)
        return texts
    finally:
        for client in clients:
            client.close()
        server.stop()


ROOM_TABLES = [
    {"name": "nl", "bots": ["random", "tight", "caller"], "seats": 6},
    {"name": "fl", "structure": "fixed_limit", "bots": ["random"], "seats": 2, "stack": 100},
]


@pytest.mark.parametrize("hands", [8, pytest.param(60, marks=pytest.mark.slow)])
def test_pokerkit_reads_every_room_download(tmp_path, hands):
    # The public file of every hand, and Ann's own copy with her cards.
    read, refused = check_limit_hands(room_downloads(tmp_path, ROOM_TABLES, hands=hands))
    assert refused == 0 and len(read) >= 2 * hands
    assert replay_folder_under_pokerkit_rules(tmp_path, read)["match"] == len(read)


def _random_hands(rng: random.Random, configs):  # noqa: ANN001, ANN202
    """Each config played to the end with random bets, calls and folds (as PHH text)."""
    from pokerdealer.history import hand_to_history
    from pokerdealer.rules import Hand, deck_for_deal

    for config in configs:
        hand = Hand(config, deck_for_deal(config, [None] * config.player_count))
        while not hand.is_complete:
            if hand.street == "showdown":
                hand.auto_showdown()
                continue
            legal = hand.legal()
            r = rng.random()
            if legal.min_raise_to is not None and r < 0.3:
                hand.raise_to(rng.choice([legal.min_raise_to, legal.max_raise_to]))
            elif legal.call and r < 0.45:
                hand.fold()
            else:
                hand.check_or_call()
        yield dumps(hand_to_history(hand))


def test_an_engine_hand_with_a_dead_small_blind_and_straddle_reads_alike_in_pokerkit():
    from pokerdealer.rules import HandConfig

    rng = random.Random(5)
    configs = [HandConfig(stacks=tuple(rng.choice([30, 200]) for _ in range(6)), blinds=(1, 2),
                          straddles=(4,), dead_small_blind=True, button=rng.randrange(6))
               for _ in range(20)]
    assert len(check_every_hand(list(_random_hands(rng, configs)))) == 20


def test_a_player_coming_in_with_a_live_post_reads_alike_in_pokerkit():
    # Written as a negative blind, PokerKit's "post bet" (a live bet that does not
    # move the first to act). Dead chips (a missed small blind) have no PHH field:
    # PokerKit does not see them, so they are left out here.
    from pokerdealer.rules import HandConfig, Post

    rng = random.Random(6)
    configs = []
    while len(configs) < 30:
        n = rng.randint(3, 8)
        config = HandConfig(stacks=tuple(rng.choice([30, 200]) for _ in range(n)), blinds=(1, 2),
                            button=rng.randrange(n), posts=(Post(rng.randrange(n), live=2),))
        if config.posts[0].player not in (config.small_blind_player, config.big_blind_player):
            configs.append(config)
    texts = list(_random_hands(rng, configs))
    assert all(any(b < 0 for b in loads(t).blinds_or_straddles) for t in texts)
    assert len(check_every_hand(texts)) == 30



def test_pokerkit_warns_of_a_fold_when_checking_is_free_and_we_replay_it_alike():
    # RULES.md lets a player fold instead of checking; PokerKit's cash game takes
    # it with a warning (its legal actions leave it out).
    from pokerdealer.history import hand_to_history
    from pokerdealer.rules import Hand, HandConfig, deck_for_deal

    config = HandConfig(stacks=(100, 100, 100))
    hand = Hand(config, deck_for_deal(config, [None] * 3))
    hand.call()
    hand.call()
    hand.fold()  # the big blind, who could check
    while not hand.is_complete:
        hand.auto_showdown() if hand.street == "showdown" else hand.check()
    text = dumps(hand_to_history(hand))
    with pytest.warns(UserWarning, match="There is no reason for this player to fold"):
        stacks = pokerkit_stacks(text)
    replay = history_to_hand(loads(text), options=rule_options("pokerkit"))
    assert list(replay.finishing_stacks) == stacks
    assert replay.warnings == [(5, "p2 folds when checking is free")]


#: Where PokerKit's reading differs from RULES.md on a tournament hand: the option of
#: ``RuleOptions.pokerkit()`` and RULES.md's choice for it.
_TOURNAMENT_DIFFERENCES = {
    "covered_all_in_acts": False,  # RULES.md §3.4: a blind covering every all-in has no decision
    "bba_priority": BBAPriority.BIG_BLIND_FIRST,  # TDA RP-11: the blind before the big-blind ante
}


def _explained(text: str) -> bool:
    """Whether PokerKit's reading replays ``text`` to its finishing stacks once
    those differences are turned back to RULES.md's choices (and not without)."""
    ours = rule_options("pokerkit").replace(**_TOURNAMENT_DIFFERENCES)
    try:
        history_to_hand(loads(text), options=rule_options("pokerkit"))
        return False  # PokerKit's reading replays it: the refusal is something else
    except ReplayError:
        return history_to_hand(loads(text), options=ours).check == "match"


def test_pokerkit_reads_every_tournament_hand_but_a_blind_without_a_decision_or_a_short_big_blind_ante(tmp_path):
    # `tournament --out`: antes, short stacks, tables breaking, players busting.
    out = tmp_path / "event"
    result = runner.invoke(app, ["tournament", "--entrants", "12", "--seats", "6", "--seed", "3",
                                 "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    texts = [path.read_text() for path in sorted(out.rglob("*.phh"))]
    assert len(texts) >= 20
    read, refused = [], []
    for text in texts:
        try:
            read.extend(check_every_hand([text]))
        except Refused:
            refused.append(text)
    assert all(_explained(text) for text in refused), [t for t in refused if not _explained(t)][:1]
    assert len(read) >= 0.9 * len(texts)
    assert replay_folder_under_pokerkit_rules(tmp_path, read)["match"] == len(read)
