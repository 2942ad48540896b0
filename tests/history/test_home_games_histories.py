"""The home-game rules in the hand histories (history/home_games.py): a board run twice
in PHH (as PokerKit lays out a multi-runout board, read by PokerKit to the same
stacks) and in PokerStars text (as PokerStars writes it, and its own hands read);
a bomb pot's antes and no preflop action, read by PokerKit to the same stacks."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pokerkit import Automation
from pokerkit.notation import parse_action as pokerkit_parse

from pokerdealer.cards import parse_cards
from pokerdealer.history import dumps, hand_to_history, loads
from pokerdealer.history.convert import history_to_hand
from pokerdealer.history.pokerstars import _EPOCH, hand_to_pokerstars
from pokerdealer.history.pokerstars_read import load_pokerstars, read_pokerstars
from pokerdealer.rules import Action, Hand, HandConfig, RuleOptions, Structure, deck_for_deal
from pokerdealer.rules.bomb_pot import bomb_pot
from tests.rules.pokerkit_oracle import PokerKitHistory, random_config, random_deck

CORPUS = Path(__file__).parent / "data" / "pokerstars"
#: PokerKit chooses no runout count by itself here: the file's answers do.
CHOOSING = tuple(a for a in PokerKitHistory.automations if a is not Automation.RUNOUT_COUNT_SELECTION)
_AUTOMATIC = ("post_ante", "collect_bets", "post_blind_or_straddle", "kill_hand", "push_chips", "pull_chips")


def pokerkit_stacks(text: str) -> list:
    """PokerKit's finishing stacks of one of our PHH hands, line by line, every line
    accepted as it is; the runout count is the one the players chose in our
    ``_run_it_twice`` field (PokerKit's cash-game mode asks for it)."""
    history = PokerKitHistory.loads(text, automations=CHOOSING)
    answers = history.user_defined_fields.get("_run_it_twice", [])
    runs = 2 if answers and all(a.endswith(" runs 2") for a in answers) else 1
    state = history.create_state()

    def automate() -> None:
        while True:
            if state.can_burn_card():
                state.burn_card("??")
            elif state.can_select_runout_count():
                # PokerKit 0.7.7 takes the selectors in its own order (its player_index
                # argument is read as the count): a consensus, as ours is.
                state.select_runout_count(runs)
            elif not any(getattr(state, f"can_{name}")() and getattr(state, name)() for name in _AUTOMATIC):
                return

    bomb = history.user_defined_fields.get("_bomb_pot", False)
    for line in history.actions:
        automate()
        if bomb and line.startswith("d db") and state.street_index == 0:
            # A bomb pot has no line before the flop: PokerKit's reader checks its
            # preflop round of no blinds around, as here.
            while state.actor_index is not None:
                state.check_or_call()
            automate()
        pokerkit_parse(state, line)
    automate()
    assert not state.status, text
    if not history.user_defined_fields.get("_run_it_twice"):
        *_, own = PokerKitHistory.loads(text)  # PokerKit's own reading (it picks one runout)
        assert list(own.stacks) == list(state.stacks)
    return list(state.stacks)


def run_twice_hand() -> Hand:
    """Ann 20, Bob 50, Cy 100 all in on the flop, run twice."""
    config = HandConfig(stacks=(20, 50, 100), blinds=(1, 2), run_it_twice=True, players=("Ann", "Bob", "Cy"))
    holes = [parse_cards(h) for h in ("Ah Ad", "Kh Kd", "Qh Qd")]
    deck = deck_for_deal(config, holes, parse_cards("2c 3c 8s 9d Jh"), second_board=parse_cards("2c 3c 8s 6c Qs"))
    hand = Hand(config, deck)
    hand.call(), hand.call(), hand.check()  # preflop
    hand.check(), hand.check(), hand.all_in(), hand.call(), hand.call()  # the flop
    for answer in ("p2 runs 2", "p1 runs 2", "p3 runs 2"):
        hand.apply(answer)
    return hand


def test_phh_writes_both_runs_as_pokerkit_lays_out_a_multi_runout_board():
    hand = run_twice_hand()
    history = hand_to_history(hand)
    assert history.metadata["_run_it_twice"] == ["p2 runs 2", "p1 runs 2", "p3 runs 2"]
    # The hands tabled when the players agreed, then the first run's turn and river, then the second's.
    assert history.actions[-7:] == (
        "p3 sm QhQd", "p1 sm AhAd", "p2 sm KhKd", "d db 9d", "d db Jh", "d db 6c", "d db Qs",
    )
    assert history.finishing_stacks == (30, 30, 110)
    text = dumps(history)
    assert pokerkit_stacks(text) == [30, 30, 110]
    replay = history_to_hand(loads(text))
    assert replay.check == "match" and replay.hand.boards == hand.boards and replay.hand.log == hand.log


def test_a_refusal_is_written_and_the_board_run_once():
    config = HandConfig(stacks=(30, 30), blinds=(1, 2), run_it_twice=True)
    hand = Hand(config, deck_for_deal(config, [parse_cards("Ah Ad"), parse_cards("Kh Kd")]))
    hand.all_in(), hand.call(), hand.apply("p1 runs 1")
    history = hand_to_history(hand)
    assert history.metadata["_run_it_twice"] == ["p1 runs 1"]
    assert sum(a.startswith("d db") for a in history.actions) == 3
    text = dumps(history)
    assert pokerkit_stacks(text) == list(history.finishing_stacks)
    assert history_to_hand(loads(text)).hand.log == hand.log


def random_hands(count: int, seed: int, *, bomb: bool = False) -> list[Hand]:
    """Random hands at tables that offer to run it twice (PokerKit's rules, short
    stacks so that many go all in), random actions and answers; ``bomb``: bomb pots."""
    rng = random.Random(seed)
    hands = []
    while len(hands) < count:
        config = random_config(rng, RuleOptions.pokerkit())
        if config.structure is Structure.POT_LIMIT:
            continue  # PHH has no pot-limit hold'em (ours, PT, is not PokerKit's)
        stacks = tuple(rng.randint(1, 12 * config.blinds[1]) for _ in config.stacks)
        config = config.replace(stacks=stacks, run_it_twice=not bomb or rng.random() < 0.5)
        if bomb:
            config = bomb_pot(config, ante=rng.choice([1, config.blinds[1], 2 * config.blinds[1]]))
        hand = Hand(config, random_deck(rng, config.variant))
        while not hand.is_complete:
            if hand.run_twice_pending:
                hand.apply(Action("runs", rng.choice(hand.run_twice_pending), rng.choice([2, 2, 2, 1])))
            elif hand.street.value == "showdown":
                hand.auto_showdown()
            else:
                legal = hand.legal()
                moves = [Action("check" if legal.can_check else "call")] * 2
                moves += [Action("fold")] if legal.can_fold else []
                moves += [Action("raise", None, legal.max_raise_to)] if legal.max_raise_to else []
                hand.apply(rng.choice(moves))
        hands.append(hand)
    return hands


def test_pokerkit_reads_random_hands_run_twice_to_the_same_stacks():
    hands = random_hands(150, seed=39)
    twice = 0
    for hand in hands:
        history = hand_to_history(hand)
        text = dumps(history)
        assert pokerkit_stacks(text) == list(history.finishing_stacks), text
        again = history_to_hand(loads(text), options=RuleOptions.pokerkit())
        assert again.check == "match" and again.hand.boards == hand.boards, text
        twice += hand.runs == 2
    assert twice >= 40


def test_pokerstars_text_writes_a_board_run_twice_as_pokerstars_does():
    text = hand_to_pokerstars(run_twice_hand(), when=_EPOCH)
    assert text.split("*** SHOW DOWN ***")[0] == text  # no plain showdown: one a run
    body = text.split("Uncalled bet (50) returned to Cy\n")[1]
    assert body.split("\n")[:4] == [
        "*** FIRST TURN *** [2c 3c 8s] [9d]",
        "*** FIRST RIVER *** [2c 3c 8s 9d] [Jh]",
        "*** SECOND TURN *** [2c 3c 8s] [6c]",
        "*** SECOND RIVER *** [2c 3c 8s 6c] [Qs]",
    ]
    first, second = body.split("*** FIRST SHOW DOWN ***\n")[1].split("*** SUMMARY ***")[0].split("*** SECOND SHOW DOWN ***\n")
    assert "Ann collected 30 from main pot\nBob collected 30 from side pot" in first
    assert "Cy: shows [Qh Qd] (three of a kind, Queens)" in second and "Cy collected 30 from side pot" in second
    summary = text.split("*** SUMMARY ***\n")[1].split("\n")
    assert summary[:4] == [
        "Total pot 120 Main pot 60. Side pot 60. | Rake 0",
        "Hand was run twice",
        "FIRST Board [2c 3c 8s 9d Jh]",
        "SECOND Board [2c 3c 8s 6c Qs]",
    ]
    assert summary[-1] == (
        "Seat 3: Cy (button) showed [Qh Qd] and lost with a pair of Queens, and won (60) with three of a kind, Queens"
    )
    (history,) = read_pokerstars(text)
    replay = history_to_hand(history)
    assert replay.check == "match" and replay.hand.boards == run_twice_hand().boards


def test_pokerstars_own_hand_run_twice_is_read_exactly():
    # A $80-cap No Limit hand of 2015: both players reach the cap preflop, the board is
    # run twice and both runs are chopped, less $2.80 rake.
    (history,) = load_pokerstars(CORPUS / "hhsmithy" / "RunItTwiceTests__RunItTwice2.txt")
    assert history.metadata["_run_it_twice"] == ["p1 runs 2", "p4 runs 2"]
    assert history.metadata["_cap"] == 80 and history.starting_stacks[0] == 80  # Gamz11's $433.06, capped
    replay = history_to_hand(history)
    assert replay.check == "match"
    assert [" ".join(map(str, b)) for b in replay.hand.boards] == ["Qd Qs 4h Ts 7s", "6s 8h 6h Td 6c"]
    halves = [(a.run, replay.amount(a.amount), a.winners) for a in replay.hand.result.awards]
    assert halves == [(0, 82, (0, 3)), (1, 82, (0, 3))]  # $164 halved, each half chopped


@pytest.mark.parametrize("third", ["*** THIRD RIVER *** [2c 3c 8s 9d] [Kc]"])
def test_a_board_run_three_times_is_refused(third: str):
    text = hand_to_pokerstars(run_twice_hand(), when=_EPOCH)
    text = text.replace("*** FIRST SHOW DOWN ***", third + "\n*** FIRST SHOW DOWN ***")
    with pytest.raises(Exception, match="run more than twice"):
        read_pokerstars(text)


def bomb_pot_hand() -> Hand:
    """Ann 100, Bob 100, Cy 7 antes 10: Cy all in for 7; Ann bets 20 on the flop, Bob calls."""
    config = bomb_pot(HandConfig(stacks=(100, 100, 7), blinds=(1, 2), players=("Ann", "Bob", "Cy")), ante=10)
    holes = [parse_cards(h) for h in ("Ah Kd", "Qs Qh", "7c 2d")]
    hand = Hand(config, deck_for_deal(config, holes, parse_cards("7h 7s 3c 9d 2s")))
    hand.raise_to(20), hand.call()
    for _ in range(4):
        hand.check()
    hand.auto_showdown()
    return hand


def test_phh_writes_a_bomb_pot_with_its_antes_and_no_action_before_the_flop():
    hand = bomb_pot_hand()
    history = hand_to_history(hand)
    assert history.antes == (10, 10, 10) and history.blinds_or_straddles == (0, 0, 0)
    assert history.ante_trimming_status and history.metadata["_bomb_pot"] is True
    assert history.actions[3:5] == ("d db 7h7s3c", "p1 cbr 20")  # the flop, then the first bet
    text = dumps(history)
    assert pokerkit_stacks(text) == [70, 116, 21] == list(history.finishing_stacks)
    again = history_to_hand(loads(text))
    assert again.check == "match" and again.hand.config.bomb_pot and again.hand.log == hand.log


def test_pokerkit_reads_random_bomb_pots_to_the_same_stacks():
    for hand in random_hands(120, seed=72, bomb=True):
        history = hand_to_history(hand)
        text = dumps(history)
        assert pokerkit_stacks(text) == list(history.finishing_stacks), text
        assert history_to_hand(loads(text), options=RuleOptions.pokerkit()).check == "match", text


def test_pokerstars_text_writes_a_bomb_pot_with_the_antes_and_no_blind():
    text = hand_to_pokerstars(bomb_pot_hand(), when=_EPOCH)
    forced = text.split("*** HOLE CARDS ***")[0].splitlines()[5:]
    assert forced == ["Ann: posts the ante 10", "Bob: posts the ante 10", "Cy: posts the ante 7 and is all-in"]
    assert "*** HOLE CARDS ***\n*** FLOP *** [7h 7s 3c]\nAnn: bets 20" in text
    assert "Seat 1: Ann showed" in text and "(big blind)" not in text
    (history,) = read_pokerstars(text)
    assert history.metadata["_bomb_pot"] is True and history.antes == (10, 10, 10)
    assert history_to_hand(history).check == "match"


def shown_after_hand() -> Hand:
    """Ann raises, Bob and Cy fold; Ann shows her 7-2, Cy his queen."""
    config = HandConfig(stacks=(100, 100, 100), blinds=(1, 2), players=("Ann", "Bob", "Cy"))
    holes = [parse_cards(h) for h in ("7c 2d", "As Ks", "Qh Jh")]
    hand = Hand(config, deck_for_deal(config, holes))
    hand.fold(), hand.raise_to(6), hand.fold()
    hand.show_after(0, "both"), hand.show_after(2, "first")
    return hand


def test_phh_keeps_the_shows_after_the_hand_in_our_field():
    hand = shown_after_hand()
    history = hand_to_history(hand)
    assert history.metadata["_shows_after_hand"] == ["p1 sm 7c2d", "p3 sm Qh"]
    assert not any(" sm " in line for line in history.actions)  # PHH's sm lines are the showdown's
    text = dumps(history)
    assert pokerkit_stacks(text) == list(history.finishing_stacks)
    again = history_to_hand(loads(text))
    assert again.hand.shown_after == hand.shown_after and again.hand.log == hand.log


def test_pokerstars_writes_a_show_after_the_hand_as_pokerstars_does():
    text = hand_to_pokerstars(shown_after_hand(), when=_EPOCH)
    assert "Ann collected 4 from pot\nAnn: shows [7c 2d] (high card Seven)\nCy: shows [Qh]\n*** SUMMARY ***" in text
    assert "doesn't show hand" not in text and "Seat 1: Ann (small blind) collected (4)" in text
    (history,) = read_pokerstars(text)
    assert history.metadata["_shows_after_hand"] == ["p1 sm 7c2d", "p3 sm Qh"]
    replay = history_to_hand(history)
    # An observer's text: Ann's two cards are known now, Cy's other card is not.
    assert replay.check == "match" and replay.hand.shown_after == {0: parse_cards("7c 2d")}
    assert [w.key for _, w in replay.warnings] == ["replay.tolerated.shown_after_unknown"]
    (history,) = read_pokerstars(hand_to_pokerstars(shown_after_hand(), when=_EPOCH, reveal_all=True))
    assert history_to_hand(history).hand.shown_after == shown_after_hand().shown_after


def seven_deuce_hand() -> Hand:
    """Cy folds his 12; Ann all in for 20 with 7-2 offsuit wins Bob's call on 7h 7s 2c 9d Jh."""
    config = HandConfig(stacks=(20, 100, 12), blinds=(1, 2), players=("Ann", "Bob", "Cy"))
    holes = [parse_cards(h) for h in ("7c 2d", "Kh Kd", "Qs Qd")]
    hand = Hand(config, deck_for_deal(config, holes, parse_cards("7h 7s 2c 9d Jh")))
    hand.fold(), hand.all_in(), hand.call()
    return hand


def test_the_hand_histories_note_the_7_2_bounty():
    history = hand_to_history(seven_deuce_hand(), seven_deuce=30)
    assert history.metadata["_seven_deuce"] == {"bounty": 30, "paid": [["p2", "p1", 30], ["p3", "p1", 12]]}
    assert history.finishing_stacks == (40, 80, 12)  # the hand's stacks: the bounty moves after it
    text = dumps(history)
    assert pokerkit_stacks(text) == [40, 80, 12] and loads(text).metadata["_seven_deuce"]["bounty"] == 30
    stars = hand_to_pokerstars(seven_deuce_hand(), when=_EPOCH, seven_deuce=30)
    assert stars.splitlines()[-1] == "7-2 bounty (30): Bob pays 30 to Ann, Cy pays 12 to Ann"
    (read,) = read_pokerstars(stars)
    assert read.metadata["_seven_deuce"] == history.metadata["_seven_deuce"]
    assert history_to_hand(read).check == "match"
    assert "7-2 bounty" not in hand_to_pokerstars(seven_deuce_hand(), when=_EPOCH)  # a table without the game
