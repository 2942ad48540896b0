"""A user's script: the documented API as docs/library.md, docs/bots.md, docs/equity.md,
docs/hand-histories.md and docs/tournaments.md show it, fully annotated.

tests/test_packaging.py runs ``mypy --strict`` on it as a user's project would (pokerdealer
installed, its ``py.typed`` read): it must pass. The docs' tests run the same calls; this
script runs too (``uv run python tests/typecheck/documented_api.py``).
"""

from __future__ import annotations

import random

import numpy as np

from pokerdealer import (
    Action,
    Deck,
    Hand,
    HandConfig,
    HandValue,
    IllegalActionError,
    LegalActions,
    ShowdownResult,
    evaluate,
    evaluate_many,
    hand_to_history,
    history_to_hand,
    make_bot,
    replay,
    showdown,
)
from pokerdealer.bots import BaseBot, RegularBot, Thought
from pokerdealer.cards import parse_cards
from pokerdealer.env import HoldemGymEnv, env, vector_env
from pokerdealer.equity import EquityResult, equity, parse_range
from pokerdealer.history import dumps, loads
from pokerdealer.rules import PlayerView, deck_for_deal
from pokerdealer.table import Event, EventSettings, play_event, structure


class MinRaiser(BaseBot):
    """Raises the minimum whenever it may, else checks or calls (docs/bots.md)."""

    name = "minraiser"

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        if legal.min_raise_to is not None:
            return Action("raise", view.player, legal.min_raise_to)
        return Action("check" if legal.can_check else "call", view.player)


def main() -> None:
    value: HandValue = evaluate("As Kd Ad Qs 7h 3c 2d")
    best: str = " ".join(map(str, value.best_five))
    rank: int = value.rank
    result: ShowdownResult = showdown("Ad Qs 7h 3c 2d", {"A": "As Kd", "B": "Ah 9c"}, lang="zh-Hans")
    explanation: str = result.decided_by.explanation
    print(best, rank, value.category.value, explanation)

    hand = Hand(HandConfig(stacks=(200, 200, 200), blinds=(1, 2)), Deck(rng=random.Random(1)))
    legal: LegalActions = hand.legal()
    call: int | None = legal.call
    low: int | None = legal.min_raise_to
    record: Action = hand.raise_to(6)
    try:
        hand.raise_to(7)
    except IllegalActionError as error:
        print(error, call, low, record.amount)
    hand.fold()
    hand.fold()
    assert hand.is_complete and hand.result is not None  # the result is None until the hand is over
    stacks: tuple[int, ...] = hand.result.final_stacks
    again = replay(hand.config, hand.deck, hand.log)
    assert again.result is not None and again.result.final_stacks == stacks
    print(dumps(hand_to_history(hand)).splitlines()[0])

    text = dumps(hand_to_history(hand))
    replayed = history_to_hand(loads(text)).hand
    print(replayed.result.final_stacks if replayed.result is not None else None)

    odds: EquityResult = equity(["AsKs", "QhQd"])
    on_board = equity(["AKs", "QQ+,AKo", "random"], board="Kd 7h 2h")
    print(on_board.method, [round(p.equity, 4) for p in on_board.players], len(parse_range("QQ+, AKs")))
    share: float = odds.players[0].equity
    print(round(share, 4))
    ranks = evaluate_many(np.array([[0, 1, 2, 3, 4, 5, 6]], dtype=np.int64))
    print(ranks)

    bot = make_bot("tight")
    print(bot, MinRaiser(random.Random(2)).name)
    config = HandConfig(stacks=(200,) * 6, blinds=(1, 2))
    six = Hand(config, deck_for_deal(config, [None, None, None, parse_cards("Kc 7d"), None, None]))
    six.raise_to(6)
    thought: Thought = RegularBot(random.Random(1)).think(six.view(3))
    print(thought.action.kind, thought.rule, thought.pot_odds)

    aec = env(players=2)
    aec.reset(seed=1)
    gym = HoldemGymEnv(["random", "tight"], seat=0)
    observation, info = gym.reset(seed=1)
    mask = gym.action_masks()
    observation, reward, terminated, truncated, info = gym.step(int(np.flatnonzero(mask)[0]))
    print(reward, terminated, truncated)
    observation, info = gym.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(20):
        action = rng.choice(np.flatnonzero(gym.action_masks()))
        observation, reward, terminated, truncated, info = gym.step(action)
        if terminated or truncated:
            observation, info = gym.reset()
    print(gym.aec.action_labels)
    envs = vector_env(num_tables=4, players=2, stacks=200, blinds=(1, 2))
    observations, infos = envs.reset(seed=1)
    for _ in range(5):
        masks = envs.action_masks()
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        observations, rewards, terminateds, truncateds, infos = envs.step(actions)
    print(envs.batched, observations["observation"].shape)

    settings = EventSettings(starting_stack=1500, levels=structure("turbo", timed=False), seats=9)
    event = Event(settings, rng=random.Random(1))
    bots = {}
    for i in range(6):
        name = f"tight_{i + 1}"
        event.register(name)
        bots[name] = make_bot("tight", random.Random(i))
    event.start()
    hands = play_event(event, lambda name: bots[name].act, max_hands=20)
    print(hands, event.is_over, event.standings[0].name, event.moves[:1])


if __name__ == "__main__":
    main()
