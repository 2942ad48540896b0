"""Full-hand simulation throughput: pokerdealer vs PokerKit (and texasholdem).

6-max no-limit hold'em, blinds 1/2, every stack 200 at the start of every
hand. At each decision the player to act picks uniformly among: fold (only
when facing a bet), check/call, min raise, all-in (min raise and all-in are
one choice when equal). Timed: creating the hand, dealing (pokerdealer: a
seeded random deck sample; peers shuffle internally), all actions, showdown
and settlement. Every rule is enforced and every hand's log is kept.
Chips are checked to be conserved after every hand.

Each library runs for SECONDS of wall time; its rate is printed per wall second and
per CPU second of this process (on a shared machine, the CPU rate is what a quiet
machine's wall rate would be).

Run:  uv run --extra bench python benchmarks/bench_engine.py [SECONDS] [lib ...]
      (default 5 s per library; libs: pokerdealer pokerkit texasholdem)
      scripts/compiled.sh python benchmarks/bench_engine.py   # the compiled (release) build
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

NP, SB, BB, STACK = 6, 1, 2, 200


def make_pokerdealer() -> Callable[[], tuple[int, bool]]:
    from pokerdealer.cards import deck_cards
    from pokerdealer.rules import Action, Hand, HandConfig

    config = HandConfig(stacks=(STACK,) * NP, blinds=(SB, BB))
    cards = deck_cards()
    need = 2 * NP + 8
    sample = random.sample
    choice = random.choice
    FOLD, CALL_, RAISE = Action("fold"), Action("check_call"), "raise"

    def play() -> tuple[int, bool]:
        hand = Hand(config, sample(cards, need))
        apply = hand.apply
        legal = hand.legal
        n = 0
        while True:
            la = legal()
            if la.actor is None:
                break
            if la.can_show:
                hand.auto_showdown()
                break
            opts = [CALL_]
            if la.call is not None:
                opts.append(FOLD)
            lo = la.min_raise_to
            if lo is not None:
                opts.append(Action(RAISE, None, lo))
                if la.max_raise_to != lo:
                    opts.append(Action(RAISE, None, la.max_raise_to))
            apply(choice(opts))
            n += 1
        return n, sum(hand.result.final_stacks) == NP * STACK  # type: ignore[union-attr]

    return play


def make_pokerkit() -> Callable[[], tuple[int, bool]]:
    from pokerkit import Automation, NoLimitTexasHoldem

    autos = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.RUNOUT_COUNT_SELECTION, Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )
    choice = random.choice
    create = NoLimitTexasHoldem.create_state

    def play() -> tuple[int, bool]:
        st = create(autos, True, 0, (SB, BB), BB, STACK, NP)
        n = 0
        while st.status:
            opts = []
            if st.can_fold():
                opts.append(0)
            opts.append(1)
            if st.can_complete_bet_or_raise_to():
                lo = st.min_completion_betting_or_raising_to_amount
                hi = st.max_completion_betting_or_raising_to_amount
                opts.append(2)
                if hi != lo:
                    opts.append(3)
            a = choice(opts)
            if a == 0:
                st.fold()
            elif a == 1:
                st.check_or_call()
            elif a == 2:
                st.complete_bet_or_raise_to(lo)
            else:
                st.complete_bet_or_raise_to(hi)
            n += 1
        return n, sum(st.stacks) == NP * STACK

    return play


def make_texasholdem() -> Callable[[], tuple[int, bool]]:
    from texasholdem import ActionType, PlayerState, TexasHoldEm

    game = TexasHoldEm(buyin=STACK, big_blind=BB, small_blind=SB, max_players=NP)
    choice = random.choice
    FOLD, CALL, CHECK, RAISE, ALL_IN = (
        ActionType.FOLD, ActionType.CALL, ActionType.CHECK, ActionType.RAISE, ActionType.ALL_IN,
    )
    TO_CALL = PlayerState.TO_CALL

    def play() -> tuple[int, bool]:
        for p in game.players:
            p.chips = STACK
        game.start_hand()
        n = 0
        while game.is_hand_running():
            moves = game.get_available_moves()
            facing = game.players[game.current_player].state == TO_CALL
            opts: list[tuple[object, int | None]] = (
                [(FOLD, None), (CALL, None)] if facing else [(CHECK, None)]
            )
            rr = moves.raise_range
            if RAISE in moves.action_types and len(rr):
                opts.append((RAISE, rr[0]))
                if rr[-1] != rr[0]:
                    opts.append((ALL_IN, None))
            a, tot = choice(opts)
            game.take_action(a, total=tot)
            n += 1
        return n, sum(p.chips for p in game.players) == NP * STACK

    return play


MAKERS = {"pokerdealer": make_pokerdealer, "pokerkit": make_pokerkit, "texasholdem": make_texasholdem}


def run_for(seconds: float, play: Callable[[], tuple[int, bool]]) -> dict[str, float]:
    hands = actions = bad = errors = 0
    cpu = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        try:
            k, ok = play()
            actions += k
            bad += not ok
        except Exception:  # noqa: BLE001 - a peer's crash is counted, not fatal
            errors += 1
        hands += 1
        if not hands & 63 and time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {
        "hands": hands,
        "hands_per_s": hands / elapsed,
        "hands_per_cpu_s": hands / cpu,
        "actions_per_hand": actions / hands,
        "chip_failures": bad,
        "errors": errors,
    }


def main(argv: list[str]) -> None:
    import pokerdealer.rules.hand

    compiled = not pokerdealer.rules.hand.__file__.endswith(".py")
    print(f"pokerdealer build: {'compiled (mypyc)' if compiled else 'pure Python'}")
    seconds = float(argv[0]) if argv else 5.0
    wanted = argv[1:] or list(MAKERS)
    results: dict[str, dict[str, float]] = {}
    for name in wanted:
        random.seed(12345)
        try:
            play = MAKERS[name]()
        except ImportError as exc:
            print(f"{name:12s} skipped ({exc})")
            continue
        for _ in range(50):
            play()
        results[name] = r = run_for(seconds, play)
        print(
            f"{name:12s} {r['hands']:8d} hands {r['hands_per_s']:9.0f} hands/s "
            f"({r['hands_per_cpu_s']:.0f} per CPU s) "
            f"{r['actions_per_hand']:5.2f} actions/hand  chip-failures={r['chip_failures']} "
            f"errors={r['errors']}",
            flush=True,
        )
    if "pokerdealer" in results:
        ours = results["pokerdealer"]["hands_per_s"]
        for name, r in results.items():
            if name != "pokerdealer":
                print(f"pokerdealer / {name}: {ours / r['hands_per_s']:.1f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
