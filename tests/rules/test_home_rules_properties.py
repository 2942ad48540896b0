"""Property tests of the home-game rules: random tables that offer to run it twice,
random bomb pots, random actions and random answers. Chips are conserved after
every action, each pot run twice is halved as the rule says, a bomb pot has no
betting before the flop, and replaying the log (as records or as text) gives the
same boards and the same result."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerdealer.cards import deck_cards
from pokerdealer.rules import Action, Hand, HandConfig, replay
from pokerdealer.rules.bomb_pot import bomb_pot
from pokerdealer.rules.run_twice import halves
from tests.rules.test_properties import configs


def play_randomly(hand: Hand, data: st.DataObject) -> None:
    """Random legal actions, random answers to running it twice (in a random order)."""
    total = sum(hand.config.stacks)
    while not hand.is_complete:
        assert sum(hand.stacks) + sum(hand.contributions) + hand.dead_money == total
        if hand.run_twice_pending:
            p = data.draw(st.sampled_from(hand.run_twice_pending))
            hand.apply(Action("runs", p, data.draw(st.sampled_from([2, 2, 2, 1]))))
            continue
        legal = hand.legal()
        if legal.can_show:
            hand.apply(Action(data.draw(st.sampled_from(["show", "muck"]))))
            continue
        choices = [Action("check" if legal.can_check else "call")]
        if legal.can_fold:
            choices.append(Action("fold"))
        if legal.min_raise_to is not None:
            choices.append(Action("raise", None, data.draw(st.integers(legal.min_raise_to, legal.max_raise_to))))
        hand.apply(data.draw(st.sampled_from(choices)))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs(), data=st.data())
def test_run_twice_conserves_chips_halves_every_pot_and_replays_the_same(config: HandConfig, data: st.DataObject):
    config = config.replace(run_it_twice=True)
    deck = data.draw(st.permutations(deck_cards()))
    hand = Hand(config, deck)
    play_randomly(hand, data)
    result = hand.result
    assert sum(result.final_stacks) == sum(config.stacks) and sum(result.payoffs) == 0
    for award in result.awards:
        assert sum(award.shares.values()) == award.amount and set(award.winners) <= set(award.eligible)
    if hand.runs == 2:
        assert len(hand.boards) == 2
        shared = next(k for k in range(6) if k == 5 or hand.boards[0][k] != hand.boards[1][k])
        assert shared in (0, 3, 4)
        first = [a for a in result.awards if a.run == 0]
        second = [a for a in result.awards if a.run == 1]
        unit = config.options.odd_chip_unit
        for k, pot in enumerate(hand.pots[: len(second)]):
            assert (first[k].amount, second[k].amount) == halves(pot.amount, unit)
            assert first[k].eligible == second[k].eligible == pot.eligible
    else:
        assert len(hand.boards) == 1 and all(a.run == 0 for a in result.awards)
    again = replay(config, deck, hand.log)
    assert (again.boards, again.result, again.log) == (hand.boards, result, hand.log)
    said = replay(config, deck, [str(a) for a in hand.log])
    assert (said.boards, said.result) == (hand.boards, result)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs(), data=st.data())
def test_bomb_pots_never_bet_before_the_flop_conserve_chips_and_replay_the_same(config: HandConfig, data: st.DataObject):
    ante = data.draw(st.sampled_from([1, config.blinds[1], 2 * config.blinds[1], 5 * config.blinds[1]]))
    config = bomb_pot(config, ante=ante).replace(run_it_twice=data.draw(st.booleans()))
    deck = data.draw(st.permutations(deck_cards()))
    hand = Hand(config, deck)
    # Past the preflop at once (or asking, all in from the antes, whether to run it twice).
    assert (hand.street.value != "preflop" or hand.run_twice_pending) and hand.committed == (0,) * config.player_count
    assert not hand.log  # nobody acted before the flop
    play_randomly(hand, data)
    result = hand.result
    assert sum(result.final_stacks) == sum(config.stacks) and sum(result.payoffs) == 0
    for award in result.awards:
        assert sum(award.shares.values()) == award.amount and set(award.winners) <= set(award.eligible)
    again = replay(config, deck, hand.log)
    assert (again.boards, again.result, again.log) == (hand.boards, result, hand.log)
