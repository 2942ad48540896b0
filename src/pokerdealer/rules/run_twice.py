"""Running it twice: the rest of the board dealt twice, each pot halved between the runs.

A home-game and cash-game agreement, not a rule of the TDA (cash rooms allow it:
docs/rules.md#home-games). A table offers it
(:attr:`HandConfig.run_it_twice <pokerdealer.rules.HandConfig.run_it_twice>`);
then, when the betting is over before the river with a player all in -- every
player still in is all in, or all but one, whose chips already cover theirs
(docs/rules.md#all-in-run-outs) -- the hand stops and asks every player still in, clockwise
from the left of the button (:attr:`Hand.run_twice_pending
<pokerdealer.rules.Hand.run_twice_pending>`; nobody is the :attr:`actor` meanwhile).
Each answers with a ``runs`` action: 2 agrees, 1 refuses (PokerKit's runout
count). They may answer in any order; the first "no" ends the question and the
board is run once; when the last player agrees, it is run twice. Under the
default all-in rule (TDA 2026 17) the hands are turned up when the question is asked,
so the players decide seeing them.

Which deck positions each run takes (``n`` players: hole cards ``0..2n-1``, see
:mod:`pokerdealer.rules.hand`): the first run is dealt as every hand is, each
street behind its burn card (burn ``2n``, flop ``2n+1..2n+3``, burn ``2n+4``, turn
``2n+5``, burn ``2n+6``, river ``2n+7``); the cards out when the players agreed are
on both boards. The second run is dealt from the cards that follow, from
``2n+8``, burning before each street it deals again: all in before the flop, burn
``2n+8``, flop ``2n+9..2n+11``, burn ``2n+12``, turn ``2n+13``, burn ``2n+14``, river
``2n+15``; on the flop, burn ``2n+8``, turn ``2n+9``, burn ``2n+10``, river ``2n+11``;
on the turn, burn ``2n+8``, river ``2n+9``. That is how a dealer runs it twice --
the first run in full as any hand, then the second from the stub, a burn before
each street -- and how PokerKit deals its runouts (each runout burns and deals
its streets from the top of the same deck, one runout after the other), so a
deck order gives the same boards here and there. A table that offers it deals
from ``2n + 16`` cards (:data:`EXTRA_CARDS` more;
:func:`~pokerdealer.rules.deal.second_run_positions` names the positions).

Pots (:func:`halves`): each pot, main and side, is halved; the first half goes to
the first run's winner(s), the second half to the second's, each half split as
any pot (a tie's odd chip left of the button, docs/rules.md#odd-chips). A pot that does not
halve in the smallest chip gives its odd chip to the first run, as PokerKit does
(the remainder of a pot divided by the number of boards goes to its first
board). Rooms differ here: a house rule may treat it as a chop's odd chip
instead (to the winner first left of the button), and most rooms say nothing;
a table that must match another room's result checks that room's rule.

>>> from pokerdealer.cards import parse_cards
>>> from pokerdealer.rules import HandConfig, deck_for_deal
>>> from pokerdealer.rules.hand import Hand
>>> config = HandConfig(stacks=(101, 101), blinds=(1, 2), run_it_twice=True, players=("Ann", "Bob"))
>>> deck = deck_for_deal(config, [parse_cards("Ah Ad"), parse_cards("Kh Kd")],
...                      parse_cards("2c 7d 9s Jh 3c"), second_board=parse_cards("Ks 8d 4s 5c 6h"))
>>> hand = Hand(config, deck)
>>> _ = hand.all_in(); _ = hand.call()  # Bob (the button) all in, Ann calls
>>> hand.run_twice_pending, hand.actor
((0, 1), None)
>>> _ = hand.apply("p1 runs 2"); _ = hand.apply("p2 runs 2")
>>> [" ".join(map(str, board)) for board in hand.boards]
['2c 7d 9s Jh 3c', 'Ks 8d 4s 5c 6h']
>>> [(a.run, a.amount, a.winners) for a in hand.result.awards], hand.stacks
([(0, 101, (0,)), (1, 101, (1,))], (101, 101))
"""

from __future__ import annotations

from pokerdealer.rules.actions import RUNS, Action
from pokerdealer.rules.betting import reject
from pokerdealer.rules.deal import EXTRA_CARDS, RunPositions, second_run_positions
from pokerdealer.rules.state import HandState

__all__ = ["EXTRA_CARDS", "RunPositions", "check_answer", "deciding", "halves", "second_run_positions"]


def halves(amount: int, unit: int = 1) -> tuple[int, int]:
    """A pot's two halves, the first run's first: in whole units of the smallest
    chip, the odd one to the first run.

    >>> halves(101), halves(100), halves(75, 25)
    ((51, 50), (50, 50), (50, 25))
    """
    second = amount // (2 * unit) * unit
    return amount - second, second


def check_answer(h: HandState, action: Action) -> Action:
    """The record a ``runs`` answer becomes if it may be given now, else raise
    :class:`~pokerdealer.errors.IllegalActionError` (nothing is changed either way):
    someone must be asked, the player (``None``: the first still asked) must be one
    of them, and the answer is 2 (run it twice) or 1 (run it once)."""
    pending = h._run_pending
    player = action.player
    if not pending:
        raise reject(h, player, "run_twice", "run_twice.not_asked")
    if player is None:
        player = pending[0]
    if player not in pending:
        raise reject(h, player, "run_twice", "run_twice.not_yours", {"asked": _asked(h)})
    runs = action.amount
    if type(runs) is not int or runs not in (1, 2):
        raise reject(h, player, "run_twice", "run_twice.bad_runs", {"got": repr(runs)})
    return Action(RUNS, player, runs)


def deciding(h: HandState, action: Action) -> Exception:
    """The error for a betting or showdown action while the players are asked
    whether to run it twice."""
    return reject(h, action.player, "run_twice", "run_twice.pending", {"asked": _asked(h)})


def _asked(h: HandState) -> list[dict[str, object]]:
    """The players still asked, as a list the catalogs say in each language ("A and B")."""
    names = h._config.players
    return [{"key": "rules.run_twice.name", "params": {"name": names[p]}} for p in h._run_pending]
