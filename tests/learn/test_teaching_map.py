"""docs/room/teaching-points.md, the teaching map (issue 38): every point of the four
articles with where it is taught. Every /rules anchor, coach line and drill it names
exists -- the anchor on the page (a section, a glossary word or the beginners' details),
the coach line among those the coach says over random hands (or the terminal's own), the
drill a topic and a level of it -- and its counts are the table's own."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

from pokerdealer.cards import deck_cards
from pokerdealer.learn import TOPIC_LEVELS
from pokerdealer.learn.coach import coach_lines, showdown_lesson
from pokerdealer.learn.glossary import TERMS
from pokerdealer.rules import Action, Hand, HandConfig, Structure

ROOT = Path(__file__).parents[2]
MAP = ROOT / "docs/room/teaching-points.md"
ROW = re.compile(r"^\| (\d{3})\.(\d+) \| (.+?) \| (.+?) \| (.+?) \| (.+?) \|$")


def rows() -> list[tuple[str, str, list[str], list[str], list[str]]]:
    found = []
    for line in MAP.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            article, _n, point, rules, coach, drills = match.groups()
            split = [[part.strip() for part in cell.split(",") if part.strip() != "-"] for cell in (rules, coach, drills)]
            found.append((article, point, *split))
    return found


def anchors() -> set[str]:
    page = (ROOT / "src/pokerdealer/server/static/rules.html").read_text(encoding="utf-8")
    sections = set(re.findall(r'id="([a-z-]+)"', page))
    return sections | {"glossary-" + term.replace("_", "-") for term in TERMS}


def said_by_the_coach() -> set[str]:
    """Every catalog key the coach says over random hands in the three structures (lines
    and the keys they say inside them), and the terminal's own lines."""
    keys: set[str] = set()

    def collect(lines) -> None:  # noqa: ANN001
        for line in lines:
            keys.add(line.key)
            for value in line.params.values():
                if isinstance(value, dict) and "key" in value:
                    keys.add(value["key"])

    rng = random.Random(38)
    names = ("Ann", "Bob", "Cy", "Dee")
    for structure in Structure:
        for _ in range(120):
            n = rng.randint(2, 4)
            stacks = tuple(rng.choice([rng.randint(3, 40), rng.randint(150, 400)]) for _ in range(n))
            deck = list(deck_cards())
            rng.shuffle(deck)
            hand = Hand(HandConfig(stacks=stacks, blinds=(1, 2), players=names[:n], structure=structure), deck)
            while not hand.is_complete:
                for player in range(n):
                    collect(coach_lines(hand, player))
                legal = hand.legal()
                roll = rng.random()
                if legal.can_show:
                    hand.apply(Action("show" if roll < 0.7 else "muck"))
                elif legal.min_raise_to is not None and roll < 0.3:
                    hand.raise_to(rng.choice([legal.min_raise_to, legal.max_raise_to]))
                elif legal.can_fold and roll > 0.9 and not legal.can_check:
                    hand.fold()
                else:
                    hand.check_or_call()
            for player in range(n):
                collect(coach_lines(hand, player))
                collect(showdown_lesson(hand, player))
    terminal = (ROOT / "src/pokerdealer/cli/_play.py").read_text(encoding="utf-8")
    return keys | set(re.findall(r'"(coach\.[a-z_.]+)"', terminal))


def test_every_anchor_coach_line_and_drill_the_map_names_exists() -> None:
    table = rows()
    assert table, "no point read from the map"
    page, coach = anchors(), said_by_the_coach()
    for article, point, rules, lines, drills in table:
        assert rules, f"{article}: {point} is on no /rules section"
        for anchor in rules:
            assert anchor.startswith("#") and anchor[1:] in page, (article, point, anchor)
        for key in lines:
            assert key in coach, (article, point, key)
        for drill in drills:
            topic, _, level = drill.partition(":")
            assert topic in TOPIC_LEVELS and 0 <= int(level) < TOPIC_LEVELS[topic], (article, point, drill)


def test_the_counts_are_the_tables() -> None:
    counted: Counter[tuple[str, str]] = Counter()
    for article, _point, rules, lines, drills in rows():
        for name in (article, "all"):
            counted[name, "points"] += 1
            counted[name, "rules"] += bool(rules)
            counted[name, "coach"] += bool(lines)
            counted[name, "drilled"] += bool(drills)
    text = MAP.read_text(encoding="utf-8")
    for article in ("000", "001", "003", "004", "all"):
        said = re.search(rf"^\| {article} \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", text, re.M)
        assert said, f"no count for {article}"
        assert [int(n) for n in said.groups()] == [
            counted[article, "points"], counted[article, "rules"], counted[article, "coach"], counted[article, "drilled"]
        ], article


def test_every_topic_and_level_is_in_the_map() -> None:
    # The map points at every drill the room has: nothing drilled is left unmapped.
    named = {drill for *_rest, drills in rows() for drill in drills}
    every = {f"{topic}:{level}" for topic, levels in TOPIC_LEVELS.items() for level in range(levels)}
    assert every - named == set()


def test_the_points_not_drilled_are_each_said_why() -> None:
    text = MAP.read_text(encoding="utf-8")
    undrilled = {match.group(1) for match in re.finditer(r"^\| (\d{3}\.\d+) \|.*\| - \|$", text, re.M)}
    why = text[text.index("## What is not drilled") :]
    assert undrilled == set(re.findall(r"\d{3}\.\d+", why))
