"""The regular and loose bots: one rule a test."""

from __future__ import annotations

import random

import pytest

from pokerdealer.bots import LooseBot, RegularBot, make_bot, make_bots
from pokerdealer.bots.reading import street_actions
from pokerdealer.bots.sensible import Thought
from pokerdealer.cards import deck_cards, parse_cards
from pokerdealer.rules import Hand, HandConfig, Structure, deck_for_deal

SIX = HandConfig(stacks=(200,) * 6, blinds=(1, 2))  # button 5: seat 0 small blind, 1 big blind, 2 first
HEADS_UP = HandConfig(stacks=(200,) * 2, blinds=(1, 2))  # button 1 (small blind, first preflop)


def dealt(config: HandConfig, seat: int, hole: str, board: str = "") -> Hand:
    holes = [None] * config.player_count
    holes[seat] = parse_cards(hole)
    return Hand(config, deck_for_deal(config, holes, parse_cards(board)))


def facing_a_raise(hole: str, to: int) -> Hand:
    """Six-handed: the first player raises to ``to``, the next (seat 3) holds ``hole``."""
    hand = dealt(SIX, 3, hole)
    hand.raise_to(to)
    return hand


def decisions(bot_name: str, seed: int, hands: int, opponents: str = "random") -> list[Thought]:
    """Every thought of one bot in seat 0 over ``hands`` six-handed hands."""
    rng = random.Random(seed)
    thoughts: list[Thought] = []
    bot = make_bot(bot_name, random.Random(seed))
    others = make_bots(opponents, 5, random.Random(seed + 1))
    for number in range(hands):
        hand = Hand(SIX.replace(button=number % 6), rng.sample(deck_cards(), 20))
        while (actor := hand.actor) is not None:
            view = hand.view(actor)
            if actor == 0 and not (view.legal.can_show or view.legal.can_muck):
                thought = bot.think(view)
                thoughts.append(thought)
                hand.apply(thought.action._replace(player=0))
            else:
                hand.apply(others[actor - 1].act(view)._replace(player=actor))
    return thoughts


@pytest.mark.parametrize("cls", [RegularBot, LooseBot])
def test_a_bot_decides_the_same_whatever_the_cards_it_cannot_see(cls):
    # Two deals with the same own cards and board but every other hand
    # different: the bot must think the same at every turn of both.
    rng = random.Random(5)
    for number in range(60):
        cards = rng.sample(deck_cards(), 52)
        mine, board, hidden = cards[:2], cards[2:7], cards[7:17]
        swapped = cards[17:27]
        holes_a = [tuple(mine)] + [tuple(hidden[2 * i : 2 * i + 2]) for i in range(5)]
        holes_b = [tuple(mine)] + [tuple(swapped[2 * i : 2 * i + 2]) for i in range(5)]
        config = SIX.replace(button=number % 6)
        hand_a = Hand(config, deck_for_deal(config, holes_a, board))
        hand_b = Hand(config, deck_for_deal(config, holes_b, board))
        bot_a, bot_b = cls(random.Random(number)), cls(random.Random(number))
        others = make_bots("caller", 5, random.Random(number))
        while (actor := hand_a.actor) is not None:
            view_a, view_b = hand_a.view(actor), hand_b.view(actor)
            if actor == 0 and not (view_a.legal.can_show or view_a.legal.can_muck):
                thought_a = bot_a.think(view_a)
                assert bot_b.think(view_b) == thought_a
                action = thought_a.action._replace(player=0)
            else:
                action = others[actor - 1].act(view_a)._replace(player=actor)
            if action.kind in ("show", "muck"):
                break
            hand_a.apply(action)
            hand_b.apply(action)


@pytest.mark.parametrize("hole", ["7c 2d", "Jc 4d", "Qc 5d", "9c 6d", "8c 3d"])
def test_regular_folds_trash_to_a_big_raise_preflop(hole):
    hand = facing_a_raise(hole, 20)  # ten big blinds
    thought = RegularBot(random.Random(1)).think(hand.view(3))
    assert thought.action.kind == "fold"
    assert thought.equity < thought.pot_odds


def test_regular_reraises_aces_to_a_big_raise():
    hand = facing_a_raise("As Ad", 20)
    assert RegularBot(random.Random(1)).think(hand.view(3)).action.kind == "raise"


def test_regular_bets_a_strong_hand_when_checked_to():
    # Heads-up, the big blind (seat 0) flops a full house after a limp and a check.
    hand = dealt(HEADS_UP, 0, "Ks Kd", "Kc 7h 7d")
    hand.call()
    hand.check()
    thought = RegularBot(random.Random(1)).think(hand.view(0))
    assert thought.street == "flop"
    assert (thought.action.kind, thought.rule) == ("raise", "value_bet")
    assert thought.action.amount >= 2  # two thirds of the pot of 4, at least the big blind


def test_regular_raises_a_strong_hand_facing_a_bet():
    hand = dealt(HEADS_UP, 0, "Ks Kd", "Kc 7h 7d")
    hand.call()
    hand.check()
    hand.check()  # the big blind checks the flop ...
    hand.bet(4)  # ... and the button bets
    thought = RegularBot(random.Random(1)).think(hand.view(0))
    assert (thought.action.kind, thought.rule) == ("raise", "value_raise")


def test_regular_folds_nothing_to_a_pot_sized_river_bet():
    hand = dealt(HEADS_UP, 0, "3c 2d", "As Kd 9h 8c Jc")
    hand.call()
    hand.check()
    for _ in range(2):  # flop and turn checked through
        hand.check()
        hand.check()
    hand.check()
    hand.bet(4)
    thought = RegularBot(random.Random(1)).think(hand.view(0))
    assert thought.action.kind == "fold"


@pytest.mark.parametrize("hole", ["Kc 7d", "Qd 8c", "Jh 9d", "Ts 8s", "Ad 4c"])
def test_loose_calls_a_raise_with_hands_the_regular_folds(hole):
    hand = facing_a_raise(hole, 6)
    assert LooseBot(random.Random(1)).think(hand.view(3)).action.kind == "call"
    assert RegularBot(random.Random(1)).think(hand.view(3)).action.kind == "fold"


@pytest.mark.parametrize("hole", ["Kc 7d", "Qc 5d", "Ts 8s", "Ad 4c"])
def test_loose_limps_hands_the_regular_folds_first_in(hole):
    hand = dealt(SIX, 2, hole)
    loose = LooseBot(random.Random(1)).think(hand.view(2))
    assert (loose.action.kind, loose.rule) == ("call", "limp")
    assert RegularBot(random.Random(1)).think(hand.view(2)).action.kind == "fold"


def test_loose_calls_a_flop_bet_with_a_weak_pair():
    hand = dealt(HEADS_UP, 0, "5c 4d", "Kc 5h 9d")
    hand.call()
    hand.check()
    hand.check()
    hand.bet(4)  # a pot-sized bet: the call needs a third of the pot
    assert LooseBot(random.Random(1)).think(hand.view(0)).action.kind == "call"


@pytest.mark.parametrize("name", ["regular", "loose"])
def test_decisions_are_the_same_for_the_same_seed(name):
    first = decisions(name, 7, 40)
    assert len(first) > 40
    assert decisions(name, 7, 40) == first


@pytest.mark.parametrize("name", ["random", "caller", "tight", "regular", "loose"])
def test_each_kind_is_legal_in_10000_random_spots(name):
    rng = random.Random(11)
    bot = make_bot(name, random.Random(3), samples=32)  # fewer deals: legality is the question
    spots = 0
    while spots < 10_000:
        players = rng.randint(2, 9)
        stacks = tuple(rng.choice((3, 15, 60, 200, 1000)) for _ in range(players))
        config = HandConfig(
            stacks=stacks,
            blinds=(1, 2),
            ante=rng.choice((0, 0, 1)),
            structure=rng.choice(list(Structure)),
            button=rng.randrange(players),
        )
        hand = Hand(config, rng.sample(deck_cards(), 2 * players + 8))
        walkers = make_bots("random,caller", players, rng)
        while (actor := hand.actor) is not None:
            view = hand.view(actor)
            action = bot.act(view)._replace(player=actor)
            hand.check_action(action)  # raises IllegalActionError on an illegal one
            spots += 1
            # Go on from a random move, so the spots differ from this bot's own lines.
            hand.apply(walkers[actor].act(view)._replace(player=actor))


def test_streets_are_split_as_the_hand_played_them():
    rng = random.Random(2)
    checked = 0
    for number in range(400):
        players = rng.randint(2, 7)
        config = HandConfig(
            stacks=tuple(rng.choice((8, 40, 200)) for _ in range(players)),
            blinds=(1, 2),
            structure=rng.choice(list(Structure)),
            button=rng.randrange(players),
        )
        hand = Hand(config, rng.sample(deck_cards(), 2 * players + 8))
        truth: list[list[str]] = [[] for _ in range(4)]
        streets = {"preflop": 0, "flop": 1, "turn": 2, "river": 3}

        def record(hand: Hand, actor: int) -> None:
            nonlocal checked
            street = hand.street.value
            if street in streets:
                view = hand.view(actor)
                split = street_actions(view)
                assert len(split) - 1 == streets[street]
                assert [[a.kind for a in s] for s in split[:-1]] == truth[: streets[street]]
                assert [a.kind for a in split[-1]] == truth[streets[street]]
                checked += 1

        bots = make_bots("random,caller,tight", players, rng)
        while (actor := hand.actor) is not None:
            record(hand, actor)
            street = hand.street.value
            action = hand.apply(bots[actor].act(hand.view(actor))._replace(player=actor))
            if street in streets:
                truth[streets[street]].append(action.kind)
    assert checked > 2000
