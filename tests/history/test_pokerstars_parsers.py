"""Our PokerStars export read, unedited, by two parsers nobody here wrote:
PokerKit's ``PokerStarsParser`` and the ``poker`` package's (pokerregion).

What each reads (checked here, not assumed):

- PokerKit 0.7 reads no-limit hold'em only (no ``Hold'em Limit`` / ``Pot
  Limit`` variant, no antes, no entry posts; ``6+ Hold'em No Limit`` it takes
  for ordinary hold'em); it replays the actions itself, so its finishing
  stacks and to whom it pushes chips (the winners) are compared with ours
  (the amounts it pushes do not add up to the pot we write, e.g. 1 for a
  heads-up 1/2 hand folded by the small blind, so the pot is checked with the
  other parser).
- ``poker`` 0.30 (2019, unmaintained; needs ``pkg_resources``, so setuptools
  < 81) reads NL, PL and FL hold'em with whole-chip amounts (play money and
  tournaments: it turns stacks and pots into ``int`` and bet amounts with a
  currency symbol fail) and only files with a ``Dealt to`` line (a hero). It
  does not replay, so its starting stacks, pot, winners, board, hero cards
  and flop actions are compared with the engine's. It refuses ``6+ Hold'em``.
"""

from __future__ import annotations

import datetime
import re
import warnings

import pytest

from pokerdealer.bots import simulate_hands
from pokerdealer.history import hand_to_history
from pokerdealer.history.pokerstars import hand_to_pokerstars, session_to_pokerstars
from pokerdealer.rules import Hand, HandConfig, Structure
from pokerdealer.server.seat_names import unique_name

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # pkg_resources and pytz deprecation warnings
    from poker import Card, Combo
    from poker.constants import Action as PokerAction
    from poker.constants import Limit
    from poker.room.pokerstars import PokerStarsHandHistory
    from pokerkit.notation import PokerStarsParser
    from pokerkit.state import ChipsPushing

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")
WHEN = datetime.datetime(2024, 5, 17, 21, 9, 7, tzinfo=datetime.UTC)
STACKS = (200, 150, 300, 90, 200, 40, 500, 75, 120)
LIMITS = {Structure.NO_LIMIT: Limit.NL, Structure.POT_LIMIT: Limit.PL, Structure.FIXED_LIMIT: Limit.FL}


# As a zh-Hant / zh-Hans room table seats them: bots named in the table's language, a second 小明 numbered
# (server/seat_names.unique_name: "小明 (2)" PokerKit could not tell from "小明" in half of these hands).
CHINESE_NAMES = ("跟注機器人 1", "隨機機器人 2", "小明", "紧手机器人 3", unique_name("小明", {"小明"}), "Ann")


def simulated(structure, players, *, hands=60, seed=1, ante=0, names=NAMES):
    # Uneven stacks: all-ins, side pots, uncalled bets; seeds give split pots too.
    config = HandConfig(
        stacks=STACKS[:players], blinds=(1, 2), players=names[:players], structure=structure,
        ante=ante, ante_type="per_player" if ante else "none",
    )
    return list(simulate_hands(config, ["random", "caller", "tight"], hands=hands, seed=seed))


def winnings(hand):
    won: dict[str, int] = {}
    for award in hand.result.awards:
        for p, chips in award.shares.items():
            name = hand.config.players[p]
            won[name] = won.get(name, 0) + chips
    return won


def engine_flop_actions(hand):
    """(name, word, amount) of the flop's player actions, as PokerStars writes them."""
    out = []
    probe = Hand(hand.config, hand.deck)
    for action in hand.log:
        if len(probe.board) == 3 and action.kind not in ("show", "muck"):
            top = max(probe.committed)
            name = hand.config.players[action.player]
            if action.kind == "raise":
                word, amount = (PokerAction.BET, action.amount) if top == 0 else (PokerAction.RAISE, action.amount - top)
            else:
                word, amount = PokerAction(action.kind), action.amount
            out.append((name, word, amount))
        probe.apply(action)
    return out


def poker_package_reads(hand, text, *, hero):
    hh = PokerStarsHandHistory(text)
    hh.parse()
    config = hand.config
    assert hh.limit is LIMITS[config.structure]
    if config.structure is Structure.FIXED_LIMIT:
        assert (hh.sb, hh.bb) == (config.small_bet, config.big_bet)
    else:
        assert (hh.sb, hh.bb) == config.blinds
    seated = {p.name: p.stack for p in hh.players if not p.name.startswith("Empty Seat")}
    assert seated == dict(zip(config.players, hand.starting_stacks))
    assert hh.button.name == config.players[config.button]
    h = config.players.index(hero)
    assert hh.hero.name == hero and hh.hero.combo == Combo("".join(str(c) for c in hand.hole_cards[h]))
    assert hh.board == (tuple(Card(str(c)) for c in hand.board) or None)
    assert hh.total_pot == sum(a.amount for a in hand.result.awards)
    # The parser keeps the summary's role: "Ann (button)".
    assert {re.sub(r" \((button|small blind|big blind)\)$", "", w) for w in hh.winners} == set(winnings(hand))
    if hh.flop is not None:
        actions = [
            (a.name, a.action, a.amount)
            for a in hh.flop.actions or ()
            if a.action in (PokerAction.BET, PokerAction.RAISE, PokerAction.CALL, PokerAction.CHECK, PokerAction.FOLD)
        ]
        assert actions == engine_flop_actions(hand)


@pytest.mark.parametrize("players", [2, 6, 9])
@pytest.mark.parametrize("structure", list(Structure), ids=lambda s: s.value)
def test_poker_package_reads_our_cash_exports(structure, players):
    hands = simulated(structure, players)
    hero = NAMES[1]
    for k, hand in enumerate(hands):
        text = hand_to_pokerstars(hand, hand_id=k + 1, when=WHEN, hero=hero)
        poker_package_reads(hand, text, hero=hero)


@pytest.mark.parametrize("structure", list(Structure), ids=lambda s: s.value)
def test_poker_package_reads_our_tournament_exports(structure):
    hands = simulated(structure, 6, ante=1, seed=3)
    for k, hand in enumerate(hands):
        text = hand_to_pokerstars(
            hand, hand_id=k + 1, when=WHEN, hero="Ann", tournament=99, buy_in="1.84+0.16", currency="USD", level=3
        )
        poker_package_reads(hand, text, hero="Ann")
        hh = PokerStarsHandHistory(text)
        hh.parse()
        assert (hh.tournament_ident, hh.tournament_level, str(hh.buyin), str(hh.rake)) == ("99", "III", "1.84", "0.16")


def test_the_exports_cover_all_ins_side_pots_and_split_pots():
    """The hands the parser tests read have the cases that go wrong."""
    hands = [h for s in Structure for n in (2, 6, 9) for h in simulated(s, n)]
    texts = "\n".join(hand_to_pokerstars(h, when=WHEN, hero="Bob") for h in hands)
    assert "calls" in texts and re.search(r": calls \d+ and is all-in", texts)
    assert "side pot" in texts and "Uncalled bet" in texts
    assert any(len(a.shares) > 1 for h in hands for a in h.result.awards)


def pokerkit_parse(text):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about its own extra fields
        return list(PokerStarsParser()(text, error_status=True))


def player_actions(lines):
    return [a for a in lines if not a.startswith("d ") and " sm " not in a]


def pokerkit_replays(hands, *, hero):
    """PokerKit reads the hands' PokerStars export and replays each to our finishing stacks and winners."""
    text = session_to_pokerstars(
        hand_to_pokerstars(h, hand_id=k + 1, when=WHEN, hero=hero) for k, h in enumerate(hands)
    )
    parsed = pokerkit_parse(text)
    assert len(parsed) == len(hands)
    for hand, hh in zip(hands, parsed):
        states = list(hh)
        assert not states[-1].status, "PokerKit did not reach the end of the hand"
        assert dict(zip(hh.players, hh.starting_stacks)) == dict(zip(hand.config.players, hand.starting_stacks))
        assert dict(zip(hh.players, states[-1].stacks)) == dict(zip(hand.config.players, hand.stacks))
        pushes = [op for op in states[-1].operations if isinstance(op, ChipsPushing)]
        theirs = {hh.players[i] for op in pushes for i, chips in enumerate(op.amounts) if chips}
        assert theirs == set(winnings(hand))
        ours = hand_to_history(hand)
        assert player_actions(hh.actions) == player_actions(ours.actions)
        assert (hh.year, hh.month, hh.day, hh.time) == (2024, 5, 17, datetime.time(21, 9, 7))


@pytest.mark.parametrize("players", [2, 6, 9])
def test_pokerkit_replays_our_no_limit_exports_to_our_stacks(players):
    hands = simulated(Structure.NO_LIMIT, players, seed=7)
    pokerkit_replays(hands, hero="Bob")


def test_both_parsers_read_player_names_in_chinese():
    """A Chinese table's export: names in Chinese characters, with spaces and a numbered repeat."""
    hands = simulated(Structure.NO_LIMIT, 6, seed=3, hands=40, names=CHINESE_NAMES)
    pokerkit_replays(hands, hero="小明")
    for k, hand in enumerate(hands):
        poker_package_reads(hand, hand_to_pokerstars(hand, hand_id=k + 1, when=WHEN, hero="小明"), hero="小明")
