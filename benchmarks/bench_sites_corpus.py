"""Real hand histories of the poker sites, read and replayed: the share read exactly, site by site.

Run:  uv run python benchmarks/bench_sites_corpus.py [FOLDER ...] [--json]

Each FOLDER (default: every folder of the corpus in ``tests/history/data/sites``,
one per site family, public parsers' test files whose sources and licences its
README gives, and the PokerStars corpus of ``tests/history/data/pokerstars``)
is read hand by hand (:func:`pokerdealer.history.sites.load_each`, the site
told from the text), and each hand read is replayed through the rules
(:func:`~pokerdealer.history.history_to_hand`, the online way at the showdown).
A hand counts as **exact** when the replay ends with the stacks its own text
says (chips put in, uncalled bets returned, what each winner collected, the
rake): so its winners are right too. Printed per site and overall:

- ``hands``: hand headers found; ``exact``: replayed to what the text says;
- ``mismatch``: replayed to other stacks, and of those ``wrong winner``: a
  player the text says won chips did not, or one who did not did (each named);
- ``rejected``: a line the rules refuse, or a hand that could not be read (each
  named, with why);
- ``skipped``: hands of games or setups the engine does not play (Omaha, a
  board run twice), counted by reason;
- the share read exactly of the hold'em hands the engine plays (``hands -
  skipped``).

``tests/history/test_sites_corpus.py`` pins these numbers from below.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import asdict, dataclass, field
from decimal import Decimal
from pathlib import Path

from pokerdealer.errors import PokerDealerError
from pokerdealer.history import HistoryError, UnsupportedHistory, history_to_hand
from pokerdealer.history.sites import detect_site, load_each
from pokerdealer.history.sites.core import read_file

DATA = Path(__file__).resolve().parents[1] / "tests" / "history" / "data"
CORPUS = DATA / "sites"
POKERSTARS = DATA / "pokerstars"
SUFFIXES = (".txt", ".xml", ".json")


@dataclass
class SiteReport:
    """What reading and replaying one site's files gave (see the module docstring)."""

    site: str
    files: int = 0
    hands: int = 0
    exact: int = 0
    mismatches: list[tuple[str, str]] = field(default_factory=list)
    wrong_winners: list[str] = field(default_factory=list)
    rejected: list[tuple[str, str]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)

    @property
    def played(self) -> int:
        """Hands of games the engine plays: every hand but the skipped."""
        return self.hands - len(self.skipped)

    @property
    def share_exact(self) -> float:
        """Of the hold'em hands the engine plays, the share replayed exactly."""
        return self.exact / self.played if self.played else 0.0


def _gainers(start: tuple, end: tuple) -> set[int]:
    return {i for i, (a, b) in enumerate(zip(start, end)) if Decimal(str(b)) > Decimal(str(a))}


def read_files(paths: list[Path], *, root: Path) -> list[SiteReport]:
    """Read and replay every hand of ``paths``: one report per site, the site
    told from each file's text (labels relative to ``root``)."""
    reports: dict[str, SiteReport] = {}
    for path in paths:
        site = detect_site(read_file(path)) or "unknown"
        report = reports.setdefault(site, SiteReport(site))
        report.files += 1
        for label, hand in load_each(path):
            label = str(Path(label).relative_to(root)) if label.startswith(str(root)) else label
            report.hands += 1
            if isinstance(hand, UnsupportedHistory):
                report.skipped.append((label, hand.reason))
                continue
            if isinstance(hand, HistoryError):
                report.rejected.append((label, hand.reason))
                continue
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
                continue
            said = dict(zip(hand.player_names, map(str, hand.finishing_stacks or ())))
            got = dict(zip(hand.player_names, map(str, replay.finishing_stacks)))
            wrong = {name: (said.get(name), got[name]) for name in got if said.get(name) != got[name]}
            report.mismatches.append((label, f"{replay.check}: text, replay = {wrong}"))
            start = hand.starting_stacks
            if _gainers(start, hand.finishing_stacks or start) != _gainers(start, replay.finishing_stacks):
                report.wrong_winners.append(label)
    return sorted(reports.values(), key=lambda r: r.site)


def read_corpus(*folders: Path) -> list[SiteReport]:
    """One report per site of the files under ``folders`` (default: the
    corpus, and the PokerStars corpus)."""
    if not folders:
        folders = (CORPUS, POKERSTARS)
    root = DATA if all(DATA in f.resolve().parents for f in folders) else Path("/")
    paths = [p for f in folders for p in sorted(f.rglob("*")) if p.suffix.lower() in SUFFIXES and p.is_file()]
    return read_files(paths, root=root.resolve() if root != Path("/") else Path("/"))


def _reason(text: str) -> str:
    """A reason without its hand's number, to count alike reasons together."""
    return text.split("): ", 1)[-1]


def print_reports(reports: list[SiteReport], *, details: bool = True) -> None:
    """The reports as a person reads them: one row a site, then the hands not read exactly."""
    print(f"{'site':<12} {'files':>5} {'hands':>6} {'played':>6} {'exact':>6} {'share':>7} "
          f"{'mismatch':>8} {'wrong winner':>12} {'rejected':>8} {'skipped':>7}")
    total = SiteReport("overall")
    for r in reports:
        print(f"{r.site:<12} {r.files:>5} {r.hands:>6} {r.played:>6} {r.exact:>6} {r.share_exact:>7.1%} "
              f"{len(r.mismatches):>8} {len(r.wrong_winners):>12} {len(r.rejected):>8} {len(r.skipped):>7}")
        total.files += r.files
        total.hands += r.hands
        total.exact += r.exact
        total.mismatches += r.mismatches
        total.wrong_winners += r.wrong_winners
        total.rejected += r.rejected
        total.skipped += r.skipped
    r = total
    print(f"{r.site:<12} {r.files:>5} {r.hands:>6} {r.played:>6} {r.exact:>6} {r.share_exact:>7.1%} "
          f"{len(r.mismatches):>8} {len(r.wrong_winners):>12} {len(r.rejected):>8} {len(r.skipped):>7}")
    if not details:
        return
    for r in reports:
        for title, items in (("mismatch", r.mismatches), ("rejected", r.rejected)):
            for label, why in items:
                print(f"{r.site} {title}: {label}: {why}")
        for why, count in Counter(_reason(why) for _, why in r.skipped).most_common():
            print(f"{r.site} skipped {count}: {why}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path)
    parser.add_argument("--json", action="store_true", help="Print the reports as JSON.")
    parser.add_argument("--brief", action="store_true", help="Print the table only.")
    args = parser.parse_args(argv)
    reports = read_corpus(*args.folders)
    if args.json:
        data = [asdict(r) | {"played": r.played, "share_exact": r.share_exact} for r in reports]
        json.dump(data, sys.stdout, indent=2)
        print()
    else:
        print_reports(reports, details=not args.brief)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
