"""Property tests: random configurations and random legal (and illegal) actions.

Invariants checked after every action: chips are conserved; an action the
engine lists as legal is accepted; an action outside the legal set (raise
below the minimum or above the maximum, check facing a bet, call with
nothing to call, acting out of turn) is rejected with IllegalActionError and
leaves the state exactly as it was; at the end no pot goes to a player who
was not eligible for it and payoffs sum to zero.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerdealer.cards import deck_cards
from pokerdealer.errors import IllegalActionError
from pokerdealer.rules import (
    Action,
    AnteType,
    Hand,
    HandConfig,
    Post,
    Reopening,
    RuleOptions,
    Structure,
    build_pots,
)


@st.composite
def configs(draw: st.DrawFn) -> HandConfig:
    n = draw(st.integers(2, 10))
    structure = draw(st.sampled_from(list(Structure)))
    bb = draw(st.sampled_from([2, 4, 10, 100]))
    sb = draw(st.sampled_from([bb // 2, 1, 0]))
    straddles = ()
    if n >= 4 and structure is not Structure.FIXED_LIMIT and draw(st.booleans()):
        straddles = (2 * bb,)
    ante_type = draw(st.sampled_from(list(AnteType)))
    ante = 0 if ante_type is AnteType.NONE else draw(st.sampled_from([1, bb]))
    stacks = tuple(draw(st.lists(st.integers(1, 60 * bb), min_size=n, max_size=n)))
    options = draw(
        st.sampled_from(
            [
                RuleOptions(),
                RuleOptions.pokerkit(),
                RuleOptions(reopening=Reopening.POKERKIT, raise_to_largest_opponent=True),
                RuleOptions(limit_heads_up_cap="uncap_when_heads_up", odd_chip_unit=1),
            ]
        )
    )
    layout: dict[str, object] = {}
    kind = draw(st.sampled_from(["plain", "plain", "dead_small_blind", "button_blind", "posts"]))
    if kind == "dead_small_blind" and n > 2:
        layout["dead_small_blind"] = True
    elif kind == "button_blind" and not straddles:
        layout["button_blind"] = True
        sb = 0
    elif kind == "posts":
        posters = draw(st.lists(st.integers(0, n - 1), max_size=3, unique=True))
        layout["posts"] = tuple(
            Post(p, draw(st.sampled_from([0, bb])), draw(st.sampled_from([0, sb]))) for p in posters
        )
    return HandConfig(
        **layout,  # type: ignore[arg-type]
        stacks=stacks,
        blinds=(sb, bb),
        button=draw(st.integers(0, n - 1)),
        straddles=straddles,
        ante=ante,
        ante_type=ante_type,
        structure=structure,
        options=options,
    )


def rejected_unchanged(hand: Hand, action: Action) -> None:
    before = hand._fingerprint()
    try:
        hand.apply(action)
    except IllegalActionError:
        assert hand._fingerprint() == before
        return
    raise AssertionError(f"{action} was accepted; legal was {hand.legal()}")


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs(), data=st.data())
def test_random_hands_keep_every_invariant(config: HandConfig, data: st.DataObject) -> None:
    deck = data.draw(st.permutations(deck_cards()))
    hand = Hand(config, deck)
    total = sum(config.stacks)
    n = config.player_count
    while not hand.is_complete:
        assert sum(hand.stacks) + sum(hand.contributions) + hand.dead_money == total
        # The pots (cached, with a fast path) are those of the general construction.
        live = [not f for f in hand.folded]
        active = [alive and s > 0 for alive, s in zip(live, hand.stacks)]
        assert hand.pots == build_pots(hand.contributions, live, hand.dead_money, active)
        assert hand.view(None).pots == tuple(hand.pots)
        legal = hand.legal()
        p = legal.actor
        assert p is not None
        # Illegal actions are rejected and change nothing.
        rejected_unchanged(hand, Action("check" if not legal.can_check else "fold", (p + 1) % n))
        if legal.can_show:
            hand.apply(Action(data.draw(st.sampled_from(["show", "muck"]))))
            continue
        if not legal.can_check:
            rejected_unchanged(hand, Action("check"))
        else:
            rejected_unchanged(hand, Action("call"))
        if legal.min_raise_to is not None:
            assert legal.min_raise_to <= legal.max_raise_to
            if legal.min_raise_to > hand.current_bet + 1:
                rejected_unchanged(hand, Action("raise", None, legal.min_raise_to - 1))
            rejected_unchanged(hand, Action("raise", None, legal.max_raise_to + 1))
        else:
            rejected_unchanged(hand, Action("raise", None, hand.current_bet + 10**6))
        # Every legal action is accepted.
        choices = [Action("check" if legal.can_check else "call")]
        if legal.can_fold:
            choices.append(Action("fold"))
        if legal.min_raise_to is not None:
            amount = data.draw(st.integers(legal.min_raise_to, legal.max_raise_to))
            choices.append(Action("raise", None, amount))
        hand.apply(data.draw(st.sampled_from(choices)))
    result = hand.result
    assert sum(result.final_stacks) == total
    assert sum(result.payoffs) == 0
    for award in result.awards:
        assert set(award.winners) <= set(award.eligible)
        assert sum(award.shares.values()) == award.amount
        assert not any(hand.folded[i] for i in award.eligible)
        if set(award.eligible) <= set(result.mucked):
            # RuleOptions.all_in_may_muck: every hand of a side pot mucked; the last live hand wins it.
            assert award.winners == (max(award.eligible, key=result.mucked.index),)
        else:
            assert not set(award.winners) & set(result.mucked)
