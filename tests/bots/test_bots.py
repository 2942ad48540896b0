"""The bot interface, the built-in bots, the registry and the simulation loop."""

from __future__ import annotations

import random

import pytest

from pokerdealer.bots import (
    BaseBot,
    Bot,
    CallerBot,
    RandomBot,
    TightBot,
    bot_names,
    make_bot,
    make_bots,
    play_hand,
    pot_raise_to,
    simulate,
)
from pokerdealer.cards import deck_cards, parse_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules import Action, Hand, HandConfig, Structure, deck_for_deal


class AlwaysFold(BaseBot):
    """A custom bot loaded as ``module:Class``."""

    name = "folder"

    def decide(self, view, legal):
        return Action("check" if legal.can_check else "fold", view.player)


class Spy:
    """A bare protocol bot (no base class) that records what it was shown."""

    def __init__(self):
        self.views = []
        self.hands = 0

    def new_hand(self, view):
        self.hands += 1

    def act(self, view):
        self.views.append(view)
        legal = view.legal
        if legal.can_show:
            return Action("show", view.player)
        return Action("check" if legal.can_check else "call", view.player)


@pytest.mark.parametrize("structure", list(Structure))
@pytest.mark.parametrize("name", ["random", "caller", "tight"])
def test_builtin_bots_only_make_legal_actions(name, structure):
    config = HandConfig(stacks=(300, 200, 150, 80), blinds=(5, 10), structure=structure)
    rng = random.Random(7)
    bots = make_bots([name, "random"], 4, rng)
    for b in range(40):
        hand = Hand(config.replace(button=b % 4), rng.sample(deck_cards(), 16))
        play_hand(hand, bots)
        assert hand.is_complete
        assert sum(hand.result.payoffs) == 0


def test_a_bot_sees_only_its_own_view():
    config = HandConfig(stacks=(100, 100, 100), blinds=(1, 2))
    spies = [Spy(), Spy(), Spy()]
    play_hand(Hand(config, deck_cards()), spies)
    assert all(s.hands == 1 for s in spies)
    for seat, spy in enumerate(spies):
        assert spy.views
        for view in spy.views:
            assert view.player == seat
            assert view.legal is not None and view.legal.actor == seat
            for other, cards in enumerate(view.hole_cards):
                if other != seat and other not in {a.player for a in view.log if a.kind == "show"}:
                    assert cards is None


def test_protocol_and_names():
    assert isinstance(CallerBot(), Bot) and isinstance(Spy(), Bot)
    assert bot_names() == ["caller", "learned", "loose", "random", "regular", "tight"]
    assert isinstance(make_bot("random", random.Random(1)), RandomBot)
    assert isinstance(make_bot(" tight "), TightBot)


def test_a_class_can_be_named_as_module_colon_class():
    bot = make_bot("tests.bots.test_bots:AlwaysFold", random.Random(1))
    assert isinstance(bot, AlwaysFold) and bot.rng is not None
    spy = make_bot("tests.bots.test_bots:Spy")
    assert isinstance(spy, Spy)


@pytest.mark.parametrize(
    "name", ["bluffer", "", "no_such_module:Bot", "tests.bots.test_bots:Nope", "math:pi"]
)
def test_bad_bot_names_list_the_builtins(name):
    with pytest.raises(PokerDealerError) as error:
        make_bot(name)
    assert "caller, learned, loose, random, regular, tight" in str(error.value)


def test_an_illegal_bot_action_names_the_bot():
    class Cheater(BaseBot):
        def decide(self, view, legal):
            return Action("check", view.player)

    hand = Hand(HandConfig(stacks=(100, 100, 100)), deck_cards())
    with pytest.raises(PokerDealerError, match="cheat \\(seat 3\\) made an illegal action"):
        play_hand(hand, [Cheater()] * 3, names=["cheat"] * 3)


def test_random_bot_uses_every_choice_and_raise_sizes():
    hand = Hand(HandConfig(stacks=(100, 100, 100), blinds=(1, 2)), deck_cards())
    view = hand.view(hand.actor)
    bot = RandomBot(random.Random(3))
    picks = [bot.act(view) for _ in range(300)]
    kinds = {a.kind for a in picks}
    assert kinds == {"fold", "call", "raise"}
    sizes = {a.amount for a in picks if a.kind == "raise"}
    assert min(sizes) >= 4 and max(sizes) <= 100 and len(sizes) > 20


def _hand_with(hole: str, players: int = 6) -> Hand:
    config = HandConfig(stacks=(200,) * players, blinds=(1, 2))
    holes = [None] * players
    holes[2] = parse_cards(hole)  # first to act preflop (left of the big blind)
    return Hand(config, deck_for_deal(config, holes))


def test_tight_bot_follows_its_chart():
    bot = TightBot(random.Random(1))
    aces = _hand_with("As Ad")
    assert bot.act(aces.view(2)).kind == "raise"
    trash = _hand_with("7c 2d")
    assert bot.act(trash.view(2)).kind == "fold"
    # Suited connectors are played only from late position.
    connectors = _hand_with("9s 8s")
    assert bot.act(connectors.view(2)).kind == "fold"


def test_tight_bot_bets_the_nuts_and_gives_up_with_nothing():
    config = HandConfig(stacks=(200, 200), blinds=(1, 2))
    deck = deck_for_deal(config, [parse_cards("As Ad"), parse_cards("7c 2d")], parse_cards("Ac Ah 9s 4d 3h"))
    hand = Hand(config, deck)
    hand.call()
    hand.check()  # to the flop; player 0 (big blind) acts first after the flop
    bot = TightBot(random.Random(1))
    assert hand.actor == 0
    assert bot.act(hand.view(0)).kind == "raise"
    hand.raise_to(10)
    assert bot.act(hand.view(1)).kind == "fold"


def test_pot_sized_shortcuts():
    hand = Hand(HandConfig(stacks=(100, 100, 100), blinds=(1, 2)), deck_cards())
    view = hand.view(hand.actor)
    assert pot_raise_to(view) == 7  # call 2, then raise by the pot of 5
    assert pot_raise_to(view, 50) == 100  # clamped to the stack
    assert pot_raise_to(hand.view(0)) == 0  # not this player's turn


def test_the_same_seed_gives_the_same_simulation():
    config = HandConfig(stacks=(200,) * 4, blinds=(1, 2))
    a = simulate(config, ["tight", "caller", "random"], hands=150, seed=5)
    b = simulate(config, ["tight", "caller", "random"], hands=150, seed=5)
    c = simulate(config, ["tight", "caller", "random"], hands=150, seed=6)
    assert [s.to_json() for s in a.stats.values()] == [s.to_json() for s in b.stats.values()]
    assert [s.to_json() for s in a.stats.values()] != [s.to_json() for s in c.stats.values()]
    assert sum(s.chips for s in a.stats.values()) == 0
    # Bots cycle over the seats: tight, caller, random, tight.
    assert a.stats["tight"].seat_hands == 300 and a.stats["caller"].seat_hands == 150


def test_simulation_statistics_make_sense():
    config = HandConfig(stacks=(200,) * 3, blinds=(1, 2))
    run = simulate(config, ["caller"], hands=30, seed=1)
    stats = run.stats["caller"]
    assert stats.showdowns == 90 and stats.folds == 0
    assert stats.to_json()["went_to_showdown"] == 1.0
    assert 0 < stats.to_json()["won_at_showdown"] < 1
