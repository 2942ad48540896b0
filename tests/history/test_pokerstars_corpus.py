"""The corpus of real PokerStars hand histories (public parsers' test files,
``data/pokerstars``; sources and licences in its README), read and replayed by
``benchmarks/bench_pokerstars_corpus.py``: the share read exactly is pinned
from below, and every hold'em hand not read exactly is named with why."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_pokerstars_corpus.py"

# Hold'em hands of the corpus that are not read exactly, and why: each is a
# parser's test file edited by hand, not a hand as PokerStars wrote it.
EXCEPTIONS = {
    # The pot says $0.50 where $0.90 went in (antes and blinds left out): chips are not conserved.
    "hhsmithy/Limits__AnteTable.txt[#109715173634]": "mismatch",
    # 5d is on the board and in Fishmax3's shown hand.
    "hhsmithy/StreetTests__River.txt[#109687480274]": "card 5d is dealt twice",
    # A test of an invalid hand: cut off after "collected".
    "hhsmithy/ValidHandTests__InValidHand.txt[#109681289672]": "stops before its '*** SUMMARY ***' line",
    # The seat list's names were edited ("Blahdi:42eblah" posts as "Blahdieblah").
    "hhsmithy/PlayerTests__WithSittingOut.txt[#78407803350]": "no big blind is posted",
}


@pytest.fixture(scope="module")
def report():
    spec = importlib.util.spec_from_file_location("bench_pokerstars_corpus", BENCH)
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # dataclasses look their module up
    spec.loader.exec_module(bench)
    return bench.read_corpus(bench.CORPUS)


def test_the_corpus_holds_real_hands_of_four_parsers(report):
    assert report.files >= 81 and report.hands >= 96


def test_every_holdem_hand_of_the_corpus_is_read_exactly_but_the_named_exceptions(report):
    not_exact = {label: why for label, why in report.mismatches + report.rejected}
    not_exact |= {label: why for label, why in report.skipped if "Omaha" not in why}
    assert set(not_exact) == set(EXCEPTIONS)
    for label, why in not_exact.items():
        assert EXCEPTIONS[label] in why, (label, why)


def test_the_share_of_the_corpus_read_exactly_is_at_least_96_percent(report):
    assert report.exact >= 77  # PokerStars' own hand run twice is read exactly too
    assert report.share_exact_played >= 0.96
