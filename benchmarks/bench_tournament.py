"""A large multi-table tournament on one machine: wall time and hands per second.

1,000 entrants, 9 seats a table (112 tables at the draw), starting stack 1500,
the ``turbo`` structure by hands, the ``random,tight,caller`` bot mix, seed 1:
the whole event, from the seat draw to the winner, in one process. Timed:
every hand at every table (dealing, each bot decision, rule checks, showdown),
eliminations and places, breaking and balancing after every hand,
hand-for-hand at the bubble, the final table, and the chip check after
every hand. No hand histories are written.

Run:  uv run python benchmarks/bench_tournament.py [ENTRANTS] [SEED]     (default 1000, 1)
"""

from __future__ import annotations

import random
import sys
import time

from pokerdealer.bots import make_bots
from pokerdealer.table import Event, EventSettings, play_event, structure


def main() -> None:
    entrants = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    settings = EventSettings(1500, structure("turbo", timed=False), seats=9)
    event = Event(settings, rng=random.Random(seed), keep_hands=1)
    names = [f"bot_{i + 1}" for i in range(entrants)]
    for name in names:
        event.register(name)
    bots = dict(zip(names, make_bots("random,tight,caller", entrants, random.Random(seed))))
    event.start()
    started = event.tables_started
    cpu, wall = time.process_time(), time.perf_counter()
    hands = play_event(event, lambda name: bots[name].act)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    moves = {r: sum(1 for m in event.moves if m.reason == r) for r in ("balance", "break", "final_table")}
    print(f"{entrants} entrants on {started} tables, turbo by hands, bots random,tight,caller, seed {seed}")
    print(f"  winner {event.standings[0].name}; {len(event.payouts)} places paid; tables broken {len(event.broken)}")
    print(f"  moves: {moves['balance']} balance, {moves['break']} break, {moves['final_table']} final table")
    print(f"  {hands} hands in all, {event.hand_clock} at the busiest table (tables deal side by side)")
    print(f"  {wall:.1f} s wall, {cpu:.1f} s CPU: {hands / wall:,.0f} hands/s ({hands / cpu:,.0f} per CPU second)")
    assert event.is_over and event.total_chips == event.entries * settings.starting_stack


if __name__ == "__main__":
    main()
