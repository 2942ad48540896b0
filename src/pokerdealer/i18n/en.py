"""English messages. Keys are shared by every catalog; see :mod:`pokerdealer.i18n`."""

from __future__ import annotations

_RANKS = "two three four five six seven eight nine ten jack queen king ace".split()
_PLURALS = "twos threes fours fives sixes sevens eights nines tens jacks queens kings aces".split()

MESSAGES: dict[str, str] = {
    **{f"rank.{i}": name for i, name in enumerate(_RANKS)},
    **{f"ranks.{i}": name for i, name in enumerate(_PLURALS)},
    "list.separator": ", ",
    "list.and": " and ",
    "ordinal.1": "first",
    "ordinal.2": "second",
    "ordinal.3": "third",
    "ordinal.4": "fourth",
    "ordinal.5": "fifth",
    # Category names.
    "category.royal_flush": "royal flush",
    "category.straight_flush": "straight flush",
    "category.four_of_a_kind": "four of a kind",
    "category.full_house": "full house",
    "category.flush": "flush",
    "category.straight": "straight",
    "category.three_of_a_kind": "three of a kind",
    "category.two_pair": "two pair",
    "category.one_pair": "one pair",
    "category.high_card": "high card",
    # Short descriptions of a hand (describe_hand).
    "describe.royal_flush": "royal flush",
    "describe.straight_flush": "straight flush, {high} high",
    "describe.four_of_a_kind": "four of a kind, {quads}, kicker {kickers}",
    "describe.full_house": "full house, {trips} full of {pair}",
    "describe.flush": "flush, {high} high ({cards})",
    "describe.straight": "straight, {high} high",
    "describe.three_of_a_kind": "three of a kind, {trips}, kickers {kickers}",
    "describe.two_pair": "two pair, {high_pair} and {low_pair}, kicker {kickers}",
    "describe.one_pair": "pair of {pair}, kickers {kickers}",
    "describe.high_card": "{high} high, kickers {kickers}",
    "describe.wheel.holdem": "{hand} (the wheel: A-2-3-4-5, the lowest straight)",
    "describe.wheel.shortdeck": "{hand} (A-6-7-8-9, the lowest straight)",
    # What two hands of one category both hold, once the made cards tie.
    "made.four_of_a_kind": "four {quads}",
    "made.three_of_a_kind": "three {trips}",
    "made.two_pair": "two pair of {high_pair} and {low_pair}",
    "made.one_pair": "a pair of {pair}",
    "made.high_card": "{high} high",
    # The part of the made cards that decided.
    "part.quads": "the four of a kind",
    "part.trips": "the three of a kind",
    "part.pair": "the pair",
    "part.high_pair": "the higher pair",
    "part.low_pair": "the lower pair",
    "part.top_card": "the top card",
    "part.flush_card": "the {ordinal} card of the flush",
    # Explanations (compare_hands / showdown).
    "result.wins": "{names} wins",
    "result.split": "{names} split the pot",
    "board_card": "{card} (from the board)",
    "explain.category": "{result}: {win_hand} beats {lose_hand} ({losers})",
    "explain.made_cards": (
        "{result}: {win_hand} beats {lose_hand} ({losers}); "
        "{part} {win_cards} beats {lose_cards}"
    ),
    "explain.kicker": (
        "{result}: both have {made}; "
        "the {ordinal} kicker {win_card} beats {losers}'s {lose_card}"
    ),
    "explain.kicker.earlier_tie": " (the kickers before it tie: {cards})",
    "explain.identical": "identical five cards: split — {names} all play {cards} ({hand})",
    "explain.identical.two": "identical five cards: split — {names} both play {cards} ({hand})",
    "explain.board_plays": "; the board plays",
    "explain.dead_cards": "; {cards} do not play",
    "explain.dead_card": "; {cards} does not play",
    # Labels of the command-line tables.
    "ui.player": "player",
    "ui.hole_cards": "hole cards",
    "ui.cards": "cards",
    "ui.board": "board",
    "ui.best_five": "best five",
    "ui.hand": "hand",
    "ui.wins": "wins",
    "ui.splits": "splits",
}
