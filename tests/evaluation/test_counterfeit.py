"""The counterfeit note (seed 000's 疊牌) against an independent count of pairs.

Every heads-up showdown where a pair made with a hole card is pushed out of a
player's best five is enumerated, over seven ranks two apart (2 4 6 8 10 Q A:
no five of them make a straight) and suits spread so that no flush forms.
The model below reads hands by counting ranks only (it knows nothing of the
evaluator): four of a kind, full house, three of a kind, two pair, pair, high
card. It says when a loser's two pair was counterfeited *and that decided*:
the winner holds two pair, a pair on the board above the loser's pushed-out
pair plays in the loser's best five, and with one card of that board pair
taken away the loser's hand would not have lost. Exactly there the
explanation says "counterfeited", with the words below; anywhere else it
does not (issue 38: the top pairs tie and the lower pair decides, and the old
note said only the top pairs compare).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from pokerdealer.cards import Card
from pokerdealer.evaluation import showdown

SPACED = (0, 2, 4, 6, 8, 10, 12)  # 2 4 6 8 10 Q A
PLURAL = "twos threes fours fives sixes sevens eights nines tens jacks queens kings aces".split()
SINGULAR = "two three four five six seven eight nine ten jack queen king ace".split()


def model_key(ranks: list[int]) -> tuple[int, ...]:
    """The strength of the best five among ``ranks`` (no straight, no flush), by counting."""
    counts = Counter(ranks)
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    quads = [r for r in by_count if counts[r] == 4]
    trips = sorted((r for r in counts if counts[r] == 3), reverse=True)
    pairs = sorted((r for r in counts if counts[r] == 2), reverse=True)
    singles = sorted(ranks, reverse=True)
    if quads:
        return (7, quads[0], max(r for r in ranks if r != quads[0]))
    if trips and (len(trips) > 1 or pairs):
        pair = max([*trips[1:], *pairs])
        return (6, trips[0], pair)
    if trips:
        rest = [r for r in singles if r != trips[0]]
        return (3, trips[0], *rest[:2])
    if len(pairs) >= 2:
        high, low = pairs[:2]
        return (2, high, low, max(r for r in ranks if r not in (high, low)))
    if pairs:
        rest = [r for r in singles if r != pairs[0]]
        return (1, pairs[0], *rest[:3])
    return (0, *singles[:5])


def pushed_out(hole: list[int], board: list[int]) -> list[int]:
    """Pairs made with a hole card that are not among the two pairs that play."""
    ranks = hole + board
    key = model_key(ranks)
    if key[0] != 2:
        return []
    counts = Counter(ranks)
    return [r for r in counts if counts[r] == 2 and r in hole and r not in key[1:3]]


def pairs_words(key: tuple[int, ...]) -> str:
    if key[0] == 2:
        return f"two pair of {PLURAL[key[1]]} and {PLURAL[key[2]]}"
    assert key[0] == 1
    return f"a pair of {PLURAL[key[1]]}"


def expected_note(loser: str, winner: str, holes: dict[str, list[int]], board: list[int]) -> str | None:
    """The note the loser's explanation must end with, or ``None`` for no note."""
    lost, won = holes[loser], holes[winner]
    pushed = pushed_out(lost, board)
    if not pushed or model_key(won + board)[0] != 2:
        return None
    pair = max(pushed)
    key = model_key(lost + board)
    on_board = Counter(board)
    above = [r for r in key[1:3] if on_board[r] == 2 and r > pair]
    if not above:
        return None
    board_pair = min(above)
    fewer = list(board)
    fewer.remove(board_pair)
    mine, theirs = model_key(lost + fewer), model_key(won + fewer)
    if mine < theirs:
        return None
    outcome = "would have beaten" if mine > theirs else "would not have lost to"
    return (
        f"; {loser}'s {PLURAL[pair]} are counterfeited: every hand has the board's pair of "
        f"{PLURAL[board_pair]}, so {loser}'s pair of {PLURAL[pair]} no longer plays "
        f"(with one {SINGULAR[board_pair]} on the board, {loser}'s {pairs_words(mine)} {outcome} {winner})"
    )


def deal(board: tuple[int, ...], a: tuple[int, ...], b: tuple[int, ...]) -> tuple[list[Card], list[Card], list[Card]]:
    """Suits for the ranks: the ranks take suits in turn as they first come, and each
    further card of a rank the next suit, so no seven cards hold five of a suit (checked)."""
    seen: Counter[int] = Counter()
    first: dict[int, int] = {}

    def card(rank: int) -> Card:
        suit = (first.setdefault(rank, len(first)) + seen[rank]) % 4
        seen[rank] += 1
        return Card(rank * 4 + suit)

    cards = [card(r) for r in board], [card(r) for r in a], [card(r) for r in b]
    for hole in cards[1:]:
        assert max(Counter(c.index % 4 for c in cards[0] + hole).values()) < 5
    return cards


def patterns() -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """Every (board, A's hole, B's hole) in ranks by order alone (0 lowest), where a pair
    made with a hole card is pushed out: a turn or river board with a pair and no three
    of a kind, the ranks used being exactly 0..k-1 (without straights and flushes a
    showdown depends only on the order of the ranks, so this is every case once)."""
    order = range(len(SPACED))
    holes = list(combinations_with_replacement(order, 2))
    found = []
    for size in (4, 5):
        for board in combinations_with_replacement(order, size):
            on_board = Counter(board)
            if max(on_board.values()) != 2:
                continue
            for a in holes:
                so_far = set(board) | set(a)
                if max(so_far) + 1 - len(so_far) > 2:
                    continue  # more gaps below the top rank than B's two cards can fill
                pushed_a = bool(pushed_out(list(a), list(board)))
                for b in holes:
                    used = set(board) | set(a) | set(b)
                    if len(used) != max(used) + 1:
                        continue  # not the lowest ranks: the same order comes again elsewhere
                    ranks = on_board + Counter(a) + Counter(b)
                    if max(ranks.values()) > 4:
                        continue
                    if pushed_a or pushed_out(list(b), list(board)):
                        found.append((board, a, b))
    return found


def test_the_counterfeit_note_follows_an_independent_count_of_pairs() -> None:
    cases = noted = 0
    for pattern in patterns():
        used = len(set(pattern[0] + pattern[1] + pattern[2]))
        # Each pattern twice: on the lowest ranks (2 4 6 ...) and on the highest (... Q A).
        for offset in (0, len(SPACED) - used):
            board, a, b = (tuple(SPACED[offset + r] for r in part) for part in pattern)
            ranks = {"A": list(a), "B": list(b)}
            key_a, key_b = model_key(list(a + board)), model_key(list(b + board))
            winner = loser = None
            if key_a != key_b:
                winner, loser = ("A", "B") if key_a > key_b else ("B", "A")
            board_cards, hole_a, hole_b = deal(board, a, b)
            result = showdown(board_cards, {"A": hole_a, "B": hole_b})
            text = result.explain("en")
            cases += 1
            assert result.winners == ([winner] if winner else ["A", "B"]), text
            note = expected_note(loser, winner, ranks, list(board)) if loser and winner else None
            if note is None:
                assert "counterfeit" not in text, (board, a, b, text)
            else:
                noted += 1
                assert text.endswith(note), (board, a, b, text, note)
                assert text.count("counterfeit") == 1
    assert cases > 3000 and noted > 300, (cases, noted)
