"""PokerStars text export, read back by an independent reader (PokerKit)."""

from __future__ import annotations

import datetime
import warnings

import pytest

from pokerdealer.bots import simulate_hands
from pokerdealer.cards import deck_cards, parse_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.evaluation import evaluate
from pokerdealer.history.pokerstars import (
    hand_to_pokerstars,
    histories_to_pokerstars,
    history_to_pokerstars,
    poker_stars_hand_description,
    session_to_pokerstars,
)
from pokerdealer.rules import Hand, HandConfig, Structure, deck_for_deal

pokerkit_notation = pytest.importorskip("pokerkit.notation")

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
WHEN = datetime.datetime(2024, 5, 17, 21, 9, 7)


def _parse(text: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about its own extra fields
        histories = list(pokerkit_notation.PokerStarsParser()(text, error_status=True))
        return [(hh, list(hh)[-1]) for hh in histories]


def _check_same_stacks(hands, text):
    parsed = _parse(text)
    assert len(parsed) == len(hands)
    for hand, (hh, state) in zip(hands, parsed):
        assert not state.status, "PokerKit did not reach the end of the hand"
        assert dict(zip(hh.players, state.stacks)) == dict(zip(hand.config.players, hand.stacks))
        assert dict(zip(hh.players, hh.starting_stacks)) == dict(
            zip(hand.config.players, hand.starting_stacks)
        )


@pytest.mark.parametrize("reveal_all", [True, False], ids=["reveal-all", "no-hero"])
@pytest.mark.parametrize("seed", [1, 2])
def test_pokerkit_reads_a_session_back_to_the_same_stacks(seed, reveal_all):
    # Uneven stacks give side pots, all-ins, uncalled bets and split pots.
    config = HandConfig(stacks=(200, 150, 300, 90, 200, 40), blinds=(1, 2), players=NAMES)
    hands = list(simulate_hands(config, ["random", "caller", "tight"], hands=150, seed=seed))
    texts = [hand_to_pokerstars(h, hand_id=k + 1, when=WHEN, reveal_all=reveal_all) for k, h in enumerate(hands)]
    text = session_to_pokerstars(texts)
    assert "side pot" in text and "Uncalled bet" in text and "and is all-in" in text
    dealt = [line for line in text.splitlines() if line.startswith("Dealt to ")]
    assert len(dealt) == (sum(h.config.player_count for h in hands) if reveal_all else 0)
    _check_same_stacks(hands, text)


def _written_holes(hand, text):
    """The players whose hole cards appear anywhere in ``text``."""
    return {
        i
        for i, cards in enumerate(hand.hole_cards)
        if f"[{' '.join(str(c) for c in cards)}]" in text
    }


def test_without_a_hero_only_cards_shown_down_are_written():
    """hero=None: no ``Dealt to`` line, and no hole cards but those the rules tabled."""
    config = HandConfig(stacks=(200, 150, 300, 90), blinds=(1, 2), players=NAMES[:4])
    hands = list(simulate_hands(config, ["random", "caller", "tight"], hands=80, seed=5))
    showdowns = 0
    for hand in hands:
        text = hand_to_pokerstars(hand, when=WHEN)
        assert "Dealt to" not in text
        assert _written_holes(hand, text) == set(hand.shown)
        showdowns += bool(hand.shown)
        everyone = hand_to_pokerstars(hand, when=WHEN, reveal_all=True)
        assert _written_holes(hand, everyone) == set(range(4))
        hero = hand_to_pokerstars(hand, when=WHEN, hero="Bob")
        dealt = [line for line in hero.splitlines() if line.startswith("Dealt to ")]
        assert len(dealt) == 1 and dealt[0].startswith("Dealt to Bob [")
        assert _written_holes(hand, hero) == set(hand.shown) | {1}
    assert showdowns > 5


def test_hero_and_reveal_all_are_exclusive():
    hand = Hand(HandConfig(stacks=(100, 100), players=("Ann", "Bob")), deck_cards())
    hand.fold()
    with pytest.raises(PokerDealerError, match="not both"):
        hand_to_pokerstars(hand, hero="Ann", reveal_all=True)


def test_pokerkit_reads_hero_only_tournament_hands():
    config = HandConfig(stacks=(500, 500, 500), blinds=(10, 20), players=NAMES[:3])
    hands = list(simulate_hands(config, ["random"], hands=40, seed=4))
    texts = [
        hand_to_pokerstars(h, hand_id=100 + k, hero="Bob", tournament=77, level=4, when=WHEN)
        for k, h in enumerate(hands)
    ]
    text = session_to_pokerstars(texts)
    assert texts[0].startswith(
        "PokerStars Hand #100: Tournament #77, Freeroll Hold'em No Limit - Level IV (10/20)"
        " - 2024/05/17 21:09:07 UTC [2024/05/17 17:09:07 ET]"
    )
    assert all(line.startswith("Dealt to Bob") for line in text.splitlines() if line.startswith("Dealt to"))
    _check_same_stacks(hands, text)


def test_a_showdown_hand_line_by_line():
    config = HandConfig(stacks=(100, 100), blinds=(1, 2), players=("Ann", "Bob"))
    deck = deck_for_deal(
        config, [parse_cards("Ah Ad"), parse_cards("Kc Kd")], parse_cards("2c 7h 9s Js 3d")
    )
    hand = Hand(config, deck)  # heads-up: the button (Bob) posts the small blind
    hand.raise_to(6)
    hand.call()
    for _ in range(6):
        hand.check()
    hand.auto_showdown()
    text = hand_to_pokerstars(hand, hand_id=3, table="Home", when=WHEN, currency="$")
    lines = text.splitlines()
    assert lines[0] == (
        "PokerStars Hand #3:  Hold'em No Limit ($1/$2 USD) - 2024/05/17 21:09:07 UTC [2024/05/17 17:09:07 ET]"
    )
    assert lines[1] == "Table 'Home' 2-max Seat #2 is the button"
    assert "Bob: posts small blind $1" in lines and "Ann: posts big blind $2" in lines
    assert "Bob: raises $4 to $6" in lines and "Ann: calls $4" in lines
    assert "*** FLOP *** [2c 7h 9s]" in lines
    assert "*** TURN *** [2c 7h 9s] [Js]" in lines
    assert "*** RIVER *** [2c 7h 9s Js] [3d]" in lines
    assert lines.index("*** SHOW DOWN ***") < lines.index("Ann: shows [Ah Ad] (a pair of Aces)")
    assert "Bob: mucks hand" in lines
    assert "Ann collected $12 from pot" in lines
    assert "Seat 1: Ann (big blind) showed [Ah Ad] and won ($12) with a pair of Aces" in lines
    assert "Seat 2: Bob (button) mucked" in lines


@pytest.mark.parametrize(
    ("structure", "name"),
    [(Structure.POT_LIMIT, "Hold'em Pot Limit (1/2)"), (Structure.FIXED_LIMIT, "Hold'em Limit (2/4)")],
)
def test_structures_are_named_in_the_header(structure, name):
    """Limit games are named by the small and big bet, as PokerStars does; others by the blinds."""
    hand = Hand(HandConfig(stacks=(100, 100, 100), structure=structure), deck_cards())
    hand.fold()
    hand.fold()
    assert f"  {name} - " in hand_to_pokerstars(hand, when=WHEN).splitlines()[0]


@pytest.mark.parametrize(
    ("when", "written"),
    [
        (datetime.datetime(2024, 1, 15, 14, 30), "2024/01/15 14:30:00 UTC [2024/01/15 9:30:00 ET]"),
        (datetime.datetime(2024, 7, 4, 2, 5, 9), "2024/07/04 2:05:09 UTC [2024/07/03 22:05:09 ET]"),
        (
            datetime.datetime(2024, 7, 4, 4, 5, 9, tzinfo=datetime.timezone(datetime.timedelta(hours=2))),
            "2024/07/04 2:05:09 UTC [2024/07/03 22:05:09 ET]",
        ),
    ],
    ids=["winter", "summer", "aware"],
)
def test_the_time_is_written_in_utc_and_in_eastern_time(when, written):
    hand = Hand(HandConfig(stacks=(100, 100)), deck_cards())
    hand.fold()
    assert hand_to_pokerstars(hand, when=when).splitlines()[0].endswith(f" - {written}")


def test_currency_and_cents():
    """Chips are cents with scale=100: amounts in dollars, whole ones bare, as PokerStars writes."""
    config = HandConfig(stacks=(5000, 3651), blinds=(25, 50), players=("Ann", "Bob"))
    hand = Hand(config, deck_cards())
    hand.raise_to(150)
    hand.fold()
    text = hand_to_pokerstars(hand, when=WHEN, currency="USD", scale=100)
    lines = text.splitlines()
    assert lines[0].startswith("PokerStars Hand #1:  Hold'em No Limit ($0.25/$0.50 USD) - ")
    assert "Seat 1: Ann ($50 in chips)" in lines and "Seat 2: Bob ($36.51 in chips)" in lines
    assert "Bob: raises $1 to $1.50" in lines and "Uncalled bet ($1) returned to Bob" in lines
    assert "Total pot $1 | Rake $0" in lines
    euro = hand_to_pokerstars(hand, when=WHEN, currency="EUR", scale=100).splitlines()[0]
    assert "(\u20ac0.25/\u20ac0.50 EUR)" in euro
    with pytest.raises(PokerDealerError, match="unknown currency 'XYZ'"):
        hand_to_pokerstars(hand, currency="XYZ")


def test_tournament_buy_in_is_written_with_its_currency():
    hand = Hand(HandConfig(stacks=(1500, 1500), blinds=(10, 20)), deck_cards())
    hand.fold()
    first = hand_to_pokerstars(hand, when=WHEN, tournament=5, buy_in="3.19+0.31", currency="USD", level=1)
    assert first.startswith("PokerStars Hand #1: Tournament #5, $3.19+$0.31 USD Hold'em No Limit - Level I (10/20) - ")
    with pytest.raises(PokerDealerError, match="expected BUYIN or BUYIN\\+FEE"):
        hand_to_pokerstars(hand, tournament=5, buy_in="free")


def test_entry_posts_are_written():
    """A new player posting the big blind, a returning one posting both blinds (small dead)."""
    from pokerdealer.rules import Post

    config = HandConfig(
        stacks=(100, 100, 100, 100, 100), blinds=(1, 2), players=NAMES[:5], posts=(Post(3, 2, 0), Post(4, 2, 1))
    )
    hand = Hand(config, deck_cards())
    while not hand.is_complete:
        hand.fold() if hand.legal().can_fold else hand.check()
    lines = hand_to_pokerstars(hand, when=WHEN).splitlines()
    assert "Dee: posts big blind 2" in lines and "Eve: posts small & big blinds 3" in lines
    assert lines.index("Bob: posts big blind 2") < lines.index("Dee: posts big blind 2")


def test_antes_are_posted():
    hand = Hand(HandConfig(stacks=(100, 100, 100), blinds=(1, 2), ante=1), deck_cards())
    hand.fold()
    hand.fold()
    text = hand_to_pokerstars(hand, when=WHEN)
    assert text.count(": posts the ante 1") == 3


def test_an_unfinished_hand_is_refused():
    hand = Hand(HandConfig(stacks=(100, 100)), deck_cards())
    with pytest.raises(PokerDealerError, match="finished"):
        hand_to_pokerstars(hand)
    hand.fold()
    with pytest.raises(PokerDealerError, match="hero 'Zed'"):
        hand_to_pokerstars(hand, hero="Zed")


def test_phh_hands_export_with_their_names_and_numbers():
    from pokerdealer.history import loads

    history = loads(
        """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 6", "p1 cbr 20",
           "p2 f", "p3 cc", "d db Kc8h3c", "p1 cbr 20", "p3 f"]
players = ["Ann", "Bob", "Cy"]
hand = 42
"""
    )
    text = history_to_pokerstars(history, when=WHEN)
    assert text.startswith("PokerStars Hand #42:")
    assert "Ann: raises 14 to 20" in text and "Ann: bets 20" in text
    session = histories_to_pokerstars([history, history.replace(metadata={})], when=WHEN)
    parsed = _parse(session)
    assert [dict(zip(hh.players, st.stacks)) for hh, st in parsed] == [
        {"Ann": 122, "Bob": 98, "Cy": 80}
    ] * 2


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("As Kd 9c 7h 3s 2d 4c", "high card Ace"),
        ("As Ad Kc Kd 2h 3c 9s", "two pair, Aces and Kings"),
        ("5s 5d 5c Kd 2h 3c 9s", "three of a kind, Fives"),
        ("9s Ts Js Qs Ks 2c 3d", "a straight flush, Nine to King"),
        ("Ts Js Qs Ks As 2c 3d", "a Royal Flush"),
        ("7s 7d 7c 7h 2h 3c 9s", "four of a kind, Sevens"),
        ("As 9s 7s 3s 2s Kd 4c", "a flush, Ace high"),
    ],
)
def test_hands_are_named_the_pokerstars_way(cards, words):
    assert poker_stars_hand_description(evaluate(cards)) == words


@pytest.mark.parametrize("structure", list(Structure), ids=lambda s: s.value)
def test_every_action_that_puts_a_player_all_in_says_so(structure):
    import re

    stacks = (200, 150, 300, 90, 200, 40) if structure is not Structure.FIXED_LIMIT else (30, 24, 40, 12, 30, 8)
    config = HandConfig(stacks=stacks, blinds=(1, 2), players=NAMES, structure=structure)
    seen = 0
    for hand in simulate_hands(config, ["random", "caller", "tight"], hands=120, seed=6):
        text = hand_to_pokerstars(hand, when=WHEN)
        said = [line for line in text.splitlines() if re.match(r"\w+: (calls|bets|raises|checks|folds)", line)]
        probe = Hand(hand.config, hand.deck)
        acts = [a for a in hand.log if a.kind not in ("show", "muck")]
        assert len(said) == len(acts)
        for action, line in zip(acts, said):
            before = probe.stacks[action.player]
            paid = {"call": action.amount, "raise": (action.amount or 0) - probe.committed[action.player]}
            probe.apply(action)
            # What went in, not the stack after: a hand ending on a call pays out at once.
            all_in = before > 0 and paid.get(action.kind) == before
            assert line.endswith(" and is all-in") == all_in, line
            seen += all_in and action.kind == "call"
    assert seen > 5


def test_a_call_all_in_that_ends_the_betting_says_so():
    """The last call of a hand puts its caller all-in even though the run-out
    and the award then give him chips back (the engine finishes the hand at
    the call): what he put in is his whole stack."""
    config = HandConfig(stacks=(40, 100), blinds=(1, 2), players=("Ann", "Bob"))
    hand = Hand(config, deck_for_deal(config, [parse_cards("As Ah"), parse_cards("2c 7d")], parse_cards("Ad Kh 9c 5s 3d")))
    hand.raise_to(100)  # Bob, on the button, acts first heads-up
    hand.call()
    lines = hand_to_pokerstars(hand, when=WHEN).splitlines()
    assert "Bob: raises 98 to 100 and is all-in" in lines
    assert "Ann: calls 38 and is all-in" in lines


def test_a_player_with_no_chips_left_to_post_writes_no_blind_line():
    """Ante first: the big blind's whole stack went to the ante, so there is no
    "posts big blind 0" line (the ante line says "and is all-in")."""
    from pokerdealer.rules import BBAPriority, RuleOptions

    options = RuleOptions(bba_priority=BBAPriority.ANTE_FIRST)
    config = HandConfig(stacks=(4, 3000), blinds=(25, 50), ante=50, ante_type="big_blind", players=("d", "a"),
                        button=1, options=options)
    hand = Hand(config, deck_for_deal(config, [parse_cards("7d 9c"), parse_cards("Th 6d")]))
    if not hand.is_complete:
        hand.auto_showdown()
    lines = hand_to_pokerstars(hand, when=WHEN).splitlines()
    assert "d: posts the ante 4 and is all-in" in lines
    assert not [line for line in lines if line.startswith("d: posts big blind")]


def test_a_name_with_pokerstars_syntax_cannot_forge_a_line():
    """A player named ``Bob: shows [As Ah]`` would write ``Bob: shows [As Ah]: folds``,
    a line that reads as Bob showing aces; and ``Cy collected 500 from pot`` would
    read as a collection. Their names are made safe, and the text read back still
    has three different players with the right stacks."""
    from pokerdealer.history.pokerstars_read import read_pokerstars

    players = ("Bob: shows [As Ah]", "Bob", "Cy collected 500 from pot")
    config = HandConfig(stacks=(100, 100, 100), blinds=(1, 2), players=players)
    hand = Hand(config, deck_for_deal(config, [parse_cards("7c 2d"), parse_cards("Kd Qd"), parse_cards("9h 9s")]))
    hand.fold()
    hand.fold()
    text = hand_to_pokerstars(hand, when=WHEN, hero="Bob: shows [As Ah]")
    lines = text.splitlines()
    assert not [line for line in lines if line.startswith(("Bob: shows", "Cy collected"))]
    assert "Dealt to Bob__shows__As_Ah_ [7c 2d]" in lines
    (history,) = read_pokerstars(text)
    written = ("Bob__shows__As_Ah_", "Bob", "Cy_collected_500_from_pot")
    assert dict(zip(history.player_names, history.finishing_stacks)) == dict(zip(written, hand.stacks))


def test_hand_numbers_are_unique_across_tables():
    """Hand 7 of table 1 and hand 7 of table 2 in one file: trackers would drop
    the second as a duplicate, so it gets a number of its own."""
    import re

    from pokerdealer.history import loads

    def history(table: int, number: int):
        return loads(f"""
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 f"]
table = {table}
hand = {number}
""")

    session = histories_to_pokerstars([history(1, 7), history(2, 7), history(1, 8)], when=WHEN)
    numbers = re.findall(r"^PokerStars Hand #(\d+):", session, re.M)
    assert numbers == ["7", "9", "8"]


def test_a_tournament_hand_names_its_level_and_its_table_as_pokerstars_does():
    """``Hold'em No Limit - Level I (10/20)`` and ``Table '77 3'``: readers such
    as pokerdf take a tournament hand by these shapes."""
    from pokerdealer.history import loads

    history = loads("""
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [10, 20]
min_bet = 20
starting_stacks = [1500, 1500]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 f"]
table = 3
hand = 12
""")
    lines = history_to_pokerstars(history, when=WHEN, tournament=77).splitlines()
    assert lines[0].startswith("PokerStars Hand #12: Tournament #77, Freeroll Hold'em No Limit - Level I (10/20) - ")
    assert lines[1].startswith("Table '77 3' 2-max ")
