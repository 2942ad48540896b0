"""Real PokerStars hand histories, read and replayed: how many read exactly.

Run:  uv run python benchmarks/bench_pokerstars_corpus.py [FOLDER ...] [--json]

Every ``.txt`` file under each FOLDER (default: the corpus in
``tests/history/data/pokerstars``, public parsers' test files; sources and
licences in its README) is read as PokerStars text hand by hand
(:func:`~pokerdealer.history.pokerstars_read.load_each`), and each hand read is
replayed through the rules (:func:`~pokerdealer.history.history_to_hand`, the
online way at the showdown). A hand counts as **exact** when the replay ends
with the stacks its own text says (chips put in, uncalled bets returned, what
each winner collected, the rake). Printed:

- ``hands``: hand headers found; ``read``: hands turned into PHH;
- ``exact``: replayed to exactly what the text says; ``mismatch``: replayed to
  other stacks (each named); ``rejected``: a line the rules refuse, or a hand
  that could not be read (each named, with why);
- ``skipped``: hands of games or setups the engine does not play (Omaha, a
  board run twice), counted by reason;
- the share read exactly, of all hands and of the hold'em hands the engine
  plays (``hands - skipped``).

``tests/history/test_pokerstars_corpus.py`` pins these numbers from below.
The run takes about a second.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from pokerdealer.errors import PokerDealerError
from pokerdealer.history import HistoryError, UnsupportedHistory, history_to_hand
from pokerdealer.history.pokerstars_read import load_each

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "history" / "data" / "pokerstars"


@dataclass
class CorpusReport:
    """What reading and replaying a corpus gave (see the module docstring).

    ``mismatches``, ``rejected`` and ``skipped`` name each hand (``file[#hand
    number]``) with why.
    """

    files: int = 0
    hands: int = 0
    read: int = 0
    exact: int = 0
    mismatches: list[tuple[str, str]] = field(default_factory=list)
    rejected: list[tuple[str, str]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)

    @property
    def played(self) -> int:
        """Hands of games the engine plays: every hand but the skipped."""
        return self.hands - len(self.skipped)

    @property
    def share_exact(self) -> float:
        """Of all hands, the share replayed exactly."""
        return self.exact / self.hands if self.hands else 0.0

    @property
    def share_exact_played(self) -> float:
        """Of the hold'em hands the engine plays, the share replayed exactly."""
        return self.exact / self.played if self.played else 0.0


def read_corpus(*folders: Path) -> CorpusReport:
    """Read and replay every PokerStars ``.txt`` file under ``folders``."""
    report = CorpusReport()
    root = folders[0] if len(folders) == 1 else None
    for folder in folders:
        for path in sorted(folder.rglob("*.txt")):
            report.files += 1
            for label, hand in load_each(path):
                if root is not None:
                    label = str(Path(label).relative_to(root)) if label.startswith(str(root)) else label
                report.hands += 1
                if isinstance(hand, UnsupportedHistory):
                    report.skipped.append((label, hand.reason))
                    continue
                if isinstance(hand, HistoryError):
                    report.rejected.append((label, hand.reason))
                    continue
                report.read += 1
                try:
                    replay = history_to_hand(hand, auto_showdown=True)
                except UnsupportedHistory as error:
                    report.skipped.append((label, error.reason))
                    continue
                except PokerDealerError as error:
                    report.rejected.append((label, str(error)))
                    continue
                if replay.check == "match":
                    report.exact += 1
                else:
                    said = dict(zip(hand.player_names, map(str, hand.finishing_stacks or ())))
                    got = dict(zip(hand.player_names, map(str, replay.finishing_stacks)))
                    wrong = {name: (said.get(name), got[name]) for name in got if said.get(name) != got[name]}
                    report.mismatches.append((label, f"{replay.check}: text, replay = {wrong}"))
    return report


def _reason(text: str) -> str:
    """A skip reason without its hand's number, to count alike reasons together."""
    return text.split("): ", 1)[-1]


def print_report(report: CorpusReport) -> None:
    """The report as a person reads it."""
    rows = [
        ("files", report.files),
        ("hands", report.hands),
        ("read", report.read),
        ("replayed exactly (stacks, collected, rake)", report.exact),
        ("mismatch", len(report.mismatches)),
        ("rejected", len(report.rejected)),
        ("skipped (games or setups the engine does not play)", len(report.skipped)),
    ]
    for label, value in rows:
        print(f"{label:<52} {value:>6,}")
    print(f"{'share read exactly, of all hands':<52} {report.share_exact:>6.1%}")
    print(f"{'share read exactly, of the hands the engine plays':<52} {report.share_exact_played:>6.1%}")
    for title, items in (("mismatch", report.mismatches), ("rejected", report.rejected)):
        for label, why in items:
            print(f"{title}: {label}: {why}")
    for why, count in Counter(_reason(why) for _, why in report.skipped).most_common():
        print(f"skipped {count}: {why}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path, default=[CORPUS])
    parser.add_argument("--json", action="store_true", help="Print the report as JSON.")
    args = parser.parse_args(argv)
    report = read_corpus(*args.folders)
    if args.json:
        data = asdict(report) | {"share_exact": report.share_exact, "share_exact_played": report.share_exact_played}
        json.dump(data, sys.stdout, indent=2)
        print()
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
