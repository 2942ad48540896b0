"""Reading PokerStars text back: our exports and real PokerStars hands replay
through the rules to the stacks the text states."""

from __future__ import annotations

import datetime
import warnings
from decimal import Decimal as D
from pathlib import Path

import pytest

from pokerdealer.bots import simulate_hands
from pokerdealer.cards import parse_cards
from pokerdealer.history import HistoryError, UnsupportedHistory, history_to_hand
from pokerdealer.history.pokerstars import hand_to_pokerstars, session_to_pokerstars
from pokerdealer.history.pokerstars_read import is_pokerstars_text, load_pokerstars, read_pokerstars
from pokerdealer.rules import Hand, HandConfig, Post, Structure, deck_for_deal

DATA = Path(__file__).parent / "data" / "pokerstars"
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")
STACKS = (200, 150, 300, 90, 200, 40, 500, 75, 120)
WHEN = datetime.datetime(2024, 5, 17, 21, 9, 7, tzinfo=datetime.UTC)


def simulated(structure, players, *, ante=0, posts=(), seed=2, hands=40, button=None):
    config = HandConfig(
        stacks=STACKS[:players], blinds=(1, 2), players=NAMES[:players], structure=structure,
        ante=ante, ante_type="per_player" if ante else "none", posts=posts,
        **({} if button is None else {"button": button}),
    )
    return list(simulate_hands(config, ["random", "caller", "tight"], hands=hands, seed=seed))


def read_back(hand, **options):
    (history,) = read_pokerstars(hand_to_pokerstars(hand, when=WHEN, **options))
    replay = history_to_hand(history)
    return history, replay


@pytest.mark.parametrize("players", [2, 6, 9])
@pytest.mark.parametrize("structure", list(Structure), ids=lambda s: s.value)
def test_our_exports_replay_to_the_engine_stacks(structure, players):
    for ante in (0, 1):
        for hand in simulated(structure, players, ante=ante):
            for options in ({"hero": "Bob"}, {}, {"reveal_all": True}):
                history, replay = read_back(hand, **options)
                assert replay.check == "match"
                assert dict(zip(history.players, replay.hand.stacks)) == dict(zip(hand.config.players, hand.stacks))


def test_entry_posts_read_back():
    """A new player's big blind and a returning player's small & big blinds."""
    posts = (Post(3, 2, 0), Post(4, 2, 1))  # button Ann, blinds Bob and Cy
    for seed in range(20):
        (hand,) = simulated(Structure.NO_LIMIT, 6, posts=posts, seed=seed, hands=1, button=0)
        history, replay = read_back(hand, hero="Ann")
        assert sorted(map(tuple, history.metadata["_posts"])) == [(2, 2, 0), (3, 2, 1)]
        assert replay.check == "match"
        assert dict(zip(history.players, replay.hand.stacks)) == dict(zip(hand.config.players, hand.stacks))


def test_cents_read_back_as_decimal_amounts():
    for hand in simulated(Structure.NO_LIMIT, 6, seed=5, hands=20):
        history, replay = read_back(hand, currency="USD", scale=100)
        assert history.metadata["currency"] == "USD"
        assert replay.check == "match"
        cents = {name: int(s * 100) for name, s in zip(history.players, replay.finishing_stacks)}
        assert cents == dict(zip(hand.config.players, hand.stacks))


def test_tournament_header_is_read():
    hand = simulated(Structure.NO_LIMIT, 3, hands=1)[0]
    history, _ = read_back(hand, tournament=812, buy_in="3.19+0.31", currency="USD", level=14, hand_id=9)
    meta = history.metadata
    assert (meta["_tournament"], meta["_buy_in"], meta["currency"], meta["level"], meta["hand"]) == (
        812, "3.19+0.31", "USD", 14, 9,
    )
    assert (meta["year"], meta["month"], meta["day"], meta["time"], meta["time_zone"]) == (
        2024, 5, 17, datetime.time(21, 9, 7), "UTC",
    )


def test_real_pokerstars_tournament_hands_replay_to_their_stacks():
    """Five real hands (antes, all-ins, side pots) from the poker package's tests."""
    hands = load_pokerstars(DATA / "pokerregion-tournament.txt")
    assert len(hands) == 5
    for history in hands:
        replay = history_to_hand(history)
        assert replay.check == "match", history.metadata["hand"]
    side_pot = hands[1]
    assert side_pot.metadata["hand"] == 105034215446 and side_pot.metadata["level"] == 11
    assert side_pot.antes == (75,) * 9
    assert dict(zip(side_pot.players, side_pot.finishing_stacks))["costamar"] == 27565


CASH = """\
PokerStars Hand #208958099944:  Hold'em No Limit ($0.25/$0.50 USD) - 2020/02/07 19:15:13 ET
Table 'Aaltje III' 6-max Seat #2 is the button
Seat 1: Al ($36.51 in chips)
Seat 2: Bo ($50 in chips)
Seat 3: Cy Twain ($52.97 in chips)
Seat 4: Di ($49.52 in chips)
Seat 5: Ed ($52 in chips) is sitting out
Seat 6: Fi ($51.77 in chips)
Cy Twain: posts small blind $0.25
Di: posts big blind $0.50
Fi: posts small & big blinds $0.75
*** HOLE CARDS ***
Dealt to Fi [As Ah]
Fi: raises $1 to $1.50
Al said, "nice"
Al: folds
Bo: calls $1.50
Cy Twain: folds
Di: folds
*** FLOP *** [Tc 9h 6c]
Fi: bets $2
Bo: raises $4 to $6
Fi: calls $4
*** TURN *** [Tc 9h 6c] [7c]
Fi: checks
Bo: checks
*** RIVER *** [Tc 9h 6c 7c] [Jd]
Fi: bets $5
Bo: calls $5
*** SHOW DOWN ***
Fi: shows [As Ah] (a pair of Aces)
Bo: mucks hand
Fi collected $25.50 from pot
*** SUMMARY ***
Total pot $26 | Rake $0.50
Board [Tc 9h 6c 7c Jd]
Seat 1: Al folded before Flop (didn't bet)
Seat 2: Bo (button) mucked
Seat 3: Cy Twain (small blind) folded before Flop
Seat 4: Di (big blind) folded before Flop
Seat 6: Fi showed [As Ah] and won ($25.50) with a pair of Aces
"""


def test_a_raked_cash_hand_with_a_post_and_a_player_sitting_out():
    """Written for this test after the shape of real PokerStars cash hands."""
    (history,) = read_pokerstars(CASH)
    assert history.players == ("Cy Twain", "Di", "Fi", "Al", "Bo")  # Ed sits out
    assert history.starting_stacks[0] == D("52.97")
    assert history.metadata["_posts"] == [[2, D("0.5"), D("0.25")]]
    assert history.metadata["_rake"] == D("0.5")
    replay = history_to_hand(history)
    stacks = dict(zip(history.players, replay.dealt_stacks))
    # The rules pay the whole pot: 26 to Fi, who put in 12.75; he collected it less the rake.
    assert stacks["Fi"] == D("51.77") + 26 - D("12.75")
    assert stacks["Bo"] == 50 - D("12.50")
    assert replay.check == "match"
    assert dict(zip(history.players, history.finishing_stacks))["Fi"] == stacks["Fi"] - D("0.5")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("Hold'em No Limit", "Omaha Pot Limit"), "'Omaha Pot Limit' is not played by the rules engine"),
        (("*** FLOP *** [Tc 9h 6c]", "*** THIRD FLOP *** [Tc 9h 6c]"), "run more than twice"),
        (("Table 'Aaltje III'", "Tabel 'Aaltje III'"), "expected \"Table '...' N-max Seat #B is the button\""),
    ],
    ids=["omaha", "run-three-times", "table-line"],
)
def test_what_cannot_be_read_says_why(change, message):
    with pytest.raises(HistoryError, match="hand #208958099944 \\(line 1\\)") as error:
        read_pokerstars(CASH.replace(*change))
    assert message in str(error.value)
    if change[1].startswith(("Omaha", "*** THIRD")):
        assert isinstance(error.value, UnsupportedHistory)


def test_text_that_is_not_pokerstars():
    assert is_pokerstars_text(CASH) and not is_pokerstars_text('variant = "NT"')
    with pytest.raises(HistoryError, match="no PokerStars hand in the text"):
        read_pokerstars('variant = "NT"\n')


def test_a_winner_showing_after_everyone_folded_is_no_action():
    text = CASH.replace("Bo: calls $5\n*** SHOW DOWN ***\nFi: shows [As Ah] (a pair of Aces)\nBo: mucks hand\n",
                        "Bo: folds\nUncalled bet ($5) returned to Fi\nFi: shows [As Ah] (a pair of Aces)\n")
    (history,) = read_pokerstars(text)
    assert not any(" sm " in a for a in history.actions)
    assert history_to_hand(history).hand.is_complete


def betting(actions):
    return [x.split(" #")[0] for x in actions if not x.startswith("d dh") and " sm" not in x]


def test_pokerkit_reads_the_same_actions_where_it_reads():
    """PokerKit's parser (NL, no antes, no posts) and ours agree line by line."""
    from pokerkit.notation import PokerStarsParser

    hands = simulated(Structure.NO_LIMIT, 6, seed=9)
    text = session_to_pokerstars(hand_to_pokerstars(h, hand_id=k + 1, when=WHEN, hero="Cy") for k, h in enumerate(hands))
    ours = read_pokerstars(text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = list(PokerStarsParser()(text, error_status=True))
    assert len(ours) == len(theirs) == len(hands)
    for a, b in zip(ours, theirs):
        assert list(a.players) == list(b.players)
        assert list(a.starting_stacks) == list(b.starting_stacks)
        assert list(a.blinds_or_straddles) == list(b.blinds_or_straddles)
        # PokerKit writes the showdown its own way (its replay's show/muck lines).
        assert betting(a.actions) == betting(b.actions)


def test_a_called_river_bettor_shown_by_the_rules_reads_back():
    config = HandConfig(stacks=(100, 100, 100), blinds=(1, 2), players=("Ann", "Bob", "Cy"))
    deck = deck_for_deal(
        config, [parse_cards("Ah Ad"), parse_cards("Kc Kd"), parse_cards("7c 2d")], parse_cards("2c 7h 9s Js 3d")
    )
    hand = Hand(config, deck)
    hand.fold()  # Cy
    hand.call()  # Ann
    hand.check()  # Bob
    for _ in range(4):
        hand.check()
    hand.raise_to(10)  # Ann bets the river
    hand.call()  # Bob
    hand.auto_showdown()
    history, replay = read_back(hand)
    assert replay.check == "match"


def random_decide(rng):
    from pokerdealer.rules import Action

    def decide(view):
        legal = view.legal
        r = rng.random()
        if legal.min_raise_to is not None and r < 0.3:
            amounts = [legal.min_raise_to, legal.max_raise_to, (legal.min_raise_to + legal.max_raise_to) // 2]
            return Action("raise", view.player, rng.choice(amounts))
        if r < 0.45 and legal.can_fold and legal.call:
            return Action("fold", view.player)
        return Action("check_call", view.player)

    return decide


def check_table_hand(record, **options):
    text = hand_to_pokerstars(record.hand, hand_id=record.number, seats=list(record.seats), when=WHEN, **options)
    (history,) = read_pokerstars(text)
    replay = history_to_hand(history)
    assert replay.check == "match", text
    assert dict(zip(history.players, replay.hand.stacks)) == dict(zip(record.hand.config.players, record.hand.stacks))
    assert history.metadata["seats"] == [record.seats[(record.hand.config.button + 1 + k) % len(record.seats)]
                                         for k in range(len(record.seats))]


@pytest.mark.parametrize("structure", list(Structure), ids=lambda s: s.value)
def test_tournament_hands_read_back(structure):
    """Dead button and missing small blinds, big-blind antes, short all-in blinds."""
    import random

    from pokerdealer.table import Level, Tournament, TournamentSettings, play_hand

    levels = (Level(5, 10, hands=5), Level(10, 20, 20, hands=5), Level(25, 50, 50))
    for seed in range(2):
        rng = random.Random(seed)
        settings = TournamentSettings(500, levels, payouts=(3, 2, 1), structure=structure)
        t = Tournament(settings, list("abcdef"), rng=random.Random(seed))
        decide = random_decide(rng)
        while not t.is_over:
            record = play_hand(t, decide)
            check_table_hand(record, tournament=1, level=(record.level or 0) + 1, hero=record.hand.config.players[0])


def test_cash_table_hands_with_players_coming_in_read_back():
    import random

    from pokerdealer.table import CashGameSettings, CashTable, EntryRule, play_hand

    rng = random.Random(3)
    table = CashTable(CashGameSettings(1, 2, 40, 200, entry_rule=EntryRule.POST_BIG_BLIND, seats=6), rng=rng)
    decide = random_decide(rng)
    posted = 0
    for k in range(120):
        while len(table.players) < 6 and rng.random() < 0.3:
            table.sit_down(f"p{k}-{len(table.players)}", rng.randint(40, 200))
        while len(table.players) < 2:
            table.sit_down(f"q{k}-{len(table.players)}", 100)
        record = play_hand(table, decide)
        posted += bool(record.hand.config.posts)
        check_table_hand(record)
    assert posted > 3


def test_a_big_blind_all_in_for_the_ante_reads_back():
    """Ante first (PokerKit's priority): the big blind's chips all go to the ante."""
    from pokerdealer.rules import BBAPriority, RuleOptions

    options = RuleOptions(bba_priority=BBAPriority.ANTE_FIRST)
    config = HandConfig(stacks=(4, 3000), blinds=(25, 50), ante=50, ante_type="big_blind", players=("d", "a"),
                        button=1, options=options)
    hand = Hand(config, deck_for_deal(config, [parse_cards("7d 9c"), parse_cards("Th 6d")]))
    if not hand.is_complete:
        hand.auto_showdown()
    text = hand_to_pokerstars(hand, when=WHEN)
    assert "d: posts the ante 4 and is all-in" in text
    (history,) = read_pokerstars(text)
    replay = history_to_hand(history, options=options)
    assert replay.check == "match"


def test_a_rejected_action_names_its_pokerstars_line():
    from pokerdealer.history import ReplayError

    bad = CASH.replace("Bo: raises $4 to $6", "Bo: raises $0.50 to $2.50")  # below the minimum raise
    (history,) = read_pokerstars("\n\n" + bad)
    with pytest.raises(ReplayError) as error:
        history_to_hand(history)
    assert "# line 24: Bo: raises $0.50 to $2.50" in str(error.value) and "min_raise" in str(error.value)
