"""The 7-2 game and bomb pots in the room (issue 39, server/seven_deuce.py and
bomb_pot.py), without a server: the table's events reduced, the hands written
out in cards."""

from __future__ import annotations

from dataclasses import replace

from pokerdealer.server import bomb_pot, host, rabbit_hunt, seven_deuce, show_after
from pokerdealer.server.fair import DeckCommitment
from pokerdealer.server.hand_words import forced_bets_words
from pokerdealer.server.proofs import hand_phh
from pokerdealer.server.settings import TableSettings
from pokerdealer.server.snapshot import restore, take
from pokerdealer.server.reducer import new_state
from pokerdealer.server.features import CASH
from tests.server.home_rules import act, apply, dealt, end, hand_of, member

THREE = {"Ann": 100, "Bob": 100, "Cy": 100}  # Ann's button, Bob's small blind, Cy's big blind


def test_the_7_2_winner_collects_the_bounty_from_everyone_dealt_in_at_the_showdown() -> None:
    # Ann 7♠2♥ makes two pair on 7♦ 2♣ K♠ 9♥ 4♦ against Bob's A♠K♦ and Cy's Q♣Q♦, all checked down.
    state = dealt(TableSettings(seven_deuce=10), THREE, {"Ann": "7s 2h", "Bob": "As Kd", "Cy": "Qc Qd"},
                  "7d 2c Ks 9h 4d")
    state = end(act(state, "p1 cc", "p2 cc", "p3 cc", *["p2 cc", "p3 cc", "p1 cc"] * 3))
    assert state.table.stacks == {"Ann": 104 + 20, "Bob": 98 - 10, "Cy": 98 - 10}
    assert seven_deuce.public(state) == {"seven_deuce": {"hand": 1, "paid": [["Bob", "Ann", 10], ["Cy", "Ann", 10]]}}
    assert '_seven_deuce = { bounty = 10' in hand_phh(hand_of(state), None, metadata={}, seven_deuce=10).replace("{bounty", "{ bounty")


def test_a_pot_won_unseen_pays_once_its_7_2_is_shown_after_the_hand() -> None:
    state = dealt(TableSettings(seven_deuce=10), THREE, {"Ann": "7c 2d"})
    state = end(act(state, "p1 cbr 6", "p2 f", "p3 f"))
    assert state.table.stacks == {"Ann": 103, "Bob": 99, "Cy": 98} and seven_deuce.public(state)["seven_deuce"] is None
    state = apply(state, show_after.message(state, member(state, "Ann"), {"cards": "first"}))
    assert state.table.stacks["Ann"] == 103  # one card shows no 7-2
    state = apply(state, show_after.message(state, member(state, "Ann"), {"cards": "both"}))
    assert state.table.stacks == {"Ann": 123, "Bob": 89, "Cy": 88}
    state = apply(state, show_after.message(state, member(state, "Bob"), {"cards": "both"}))
    assert state.table.stacks == {"Ann": 123, "Bob": 89, "Cy": 88}  # paid once


def test_a_7_2_player_all_in_for_less_collects_the_bounty_after_his_pot() -> None:
    # Cy (7♥2♣, the big blind) is all in for 60; Ann (K♠K♣) calls, Bob folds his small blind.
    # On 7♦ 7♣ 2♠ 9♥ 4♦ Cy's full house wins the pot of 121 alone, then 10 from each of the others.
    stacks = {"Ann": 100, "Bob": 65, "Cy": 60}
    state = dealt(TableSettings(seven_deuce=10), stacks, {"Ann": "Ks Kc", "Cy": "7h 2c"}, "7d 7c 2s 9h 4d")
    state = end(act(state, "p1 cc", "p2 f", "p3 cbr 60", "p1 cc"))
    assert hand_of(state).result.payoffs == (-60, -1, 61)
    assert state.table.stacks == {"Ann": 30, "Bob": 54, "Cy": 141}


def test_a_bomb_pot_with_a_short_stack_antes_all_he_has_and_starts_on_the_flop() -> None:
    state = dealt(TableSettings(bomb_pot_ante=60), {"Ann": 100, "Bob": 100, "Cy": 50}, {}, "Kh 8d 3c", bomb_pot=True)
    hand = hand_of(state)
    assert hand.street.value == "flop" and [str(c) for c in hand.board] == ["Kh", "8d", "3c"]
    assert hand.contributions == (60, 60, 50) and [(p.amount, p.eligible) for p in hand.pots] == [(150, (0, 1, 2)), (20, (0, 1))]
    assert hand.config.players[hand.actor] == "Bob"  # first left of the button (Ann's)
    assert [line["said"] for line in forced_bets_words(state.table.current)] == [
        {"key": "room.log.post_bomb_ante", "params": {"amount": a}} for a in (60, 60, 50)]
    assert bomb_pot.public(state) == {"bomb_pot": {"next": False, "hand": {"ante": 60}}}
    phh = hand_phh(hand, None, metadata={})
    assert "_bomb_pot = true" in phh and "antes = [60, 60, 60]" in phh and "ante_trimming_status = true" in phh


def test_the_host_asks_for_a_bomb_pot_next_hand_kept_until_that_hand_is_dealt() -> None:
    state = dealt(TableSettings(), THREE, {})
    assert not hand_of(state).config.bomb_pot
    hosted = state.with_part("host", replace(host.host_of(state), token_hash="x"))
    outcome = host.command(hosted, {"command": "bomb_pot", "on": None})  # as the API passes a bare command
    assert outcome.events == [("bomb_pot_next", {"on": True})]
    state = end(act(apply(state, outcome.events), "p1 f", "p2 f"))
    assert bomb_pot.asked(state) and bomb_pot.public(state)["bomb_pot"] == {"next": True, "hand": None}
    # Kept in a snapshot between hands; the hand it asked for (its hand_start says so) clears it.
    again = restore(new_state(TableSettings(), features=CASH, members=state.members),
                    {"seq": 0, "hands": 1, "data": take(state)})
    assert bomb_pot.asked(again)
    committed = DeckCommitment.draw(hand_of(state).deck)
    state = apply(state, [("hand_start", {"number": 2, "deck": committed.deck_text, "salts": committed.salts_text,
                                          "commitment": committed.root, "bomb_pot": True})])
    assert hand_of(state).config.bomb_pot and not bomb_pot.asked(state)
    assert bomb_pot.public(state)["bomb_pot"] == {"next": False, "hand": {"ante": 4}}  # two big blinds


def test_a_snapshot_taken_after_a_show_keeps_the_bounty_it_moved_and_the_rabbit_hunt() -> None:
    # As the table writes one after each event about a finished hand: a restart from it has the
    # 7-2 bounty moved by a show after the hand, and the hunt's cards, without the hand in memory.
    settings = TableSettings(seven_deuce=10, rabbit_hunt=True)
    state = dealt(settings, THREE, {"Ann": "7c 2d"}, "Kh 8d 3c 9h 2s")
    state = end(act(state, "p1 cbr 6", "p2 f", "p3 f"))
    state = apply(state, show_after.message(state, member(state, "Ann"), {"cards": "both"}))
    state = apply(state, rabbit_hunt.message(state, member(state, "Bob"), {}))
    again = restore(new_state(settings, features=CASH, members=state.members), {"seq": 0, "hands": 1, "data": take(state)})
    assert again.table.stacks == state.table.stacks == {"Ann": 123, "Bob": 89, "Cy": 88}
    assert rabbit_hunt.positions(again, 1) == rabbit_hunt.positions(state, 1) != ()
    assert seven_deuce.public(again) == seven_deuce.public(state)
