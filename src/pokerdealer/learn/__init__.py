"""Practice drills made by the engine: which hand wins, the best five, side pots,
the minimum raise, who acts next, who shows first (issue 16; the beginner
mistakes of seed articles 001 and 003, the tie rules of 000, the showdown order
of 004); the order of hands, positions, betting limits, odd chips, short deck,
cash game against tournament, and etiquette (issue 22).

A service over :mod:`pokerdealer.rules`, :mod:`pokerdealer.evaluation` and
:mod:`pokerdealer.history`; ``pokerdealer quiz`` (and later the room) call it.
Pure: the questions depend on the seed only.

>>> [q.topic for q in drills("all", count=6, seed=1)]
['showdown', 'best_five', 'side_pots', 'min_raise', 'action_order', 'show_order']
>>> TOPIC_LEVELS["hand_rankings"]
5
>>> q = drills("side_pots", count=1, seed=1)[0]
>>> judge(q, str(q.answer_index + 1))
True
"""

from __future__ import annotations

from pokerdealer.learn.drills import MAX_COUNT, MAX_LEVEL, TOPIC_LEVELS, TOPICS, drills
from pokerdealer.learn.question import Question, judge

__all__ = ["MAX_COUNT", "MAX_LEVEL", "TOPICS", "TOPIC_LEVELS", "Question", "drills", "judge"]
