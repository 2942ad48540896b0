"""The ``quiz`` command: ``--json`` prints the drills, the terminal mode asks them
(driven here through standard input), bad options are one line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.learn import TOPICS

runner = CliRunner()


def quiz(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["quiz", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def questions(*args: str) -> list[dict]:
    code, out, _ = quiz(*args, "--json")
    assert code == 0
    return json.loads(out)["questions"]


@pytest.mark.parametrize("topic", TOPICS)
def test_quiz_json_prints_count_questions_on_the_topic(topic: str) -> None:
    found = questions("--topic", topic, "--count", "7", "--seed", "3")
    assert len(found) == 7
    assert all(q["topic"] == topic for q in found) or topic == "all"


def test_quiz_json_same_seed_same_questions() -> None:
    args = ("--topic", "all", "--count", "6", "--seed", "12", "--lang", "zh-Hans")
    assert questions(*args) == questions(*args)


def test_quiz_json_says_which_seed_it_drew() -> None:
    code, out, _ = quiz("--count", "2", "--json")
    seed = json.loads(out)["seed"]
    again = questions("--count", "2", "--seed", str(seed))
    assert json.loads(out)["questions"] == again


def test_quiz_json_is_in_the_language() -> None:
    found = questions("--topic", "show_order", "--count", "1", "--seed", "1", "--lang", "zh-Hant")
    assert "誰要先亮牌" in found[0]["prompt"]


def _right_answer(q: dict) -> str:
    if q["choices"] is not None:
        return str(q["answer_index"] + 1)
    value = q["answer"]["min_raise_to"]
    return "0" if value is None else str(value)


def _wrong_answer(q: dict) -> str:
    if q["choices"] is not None:
        return str((q["answer_index"] + 1) % len(q["choices"]) + 1)
    value = q["answer"]["min_raise_to"]
    return "1" if value is None else str(value + 1)


def test_quiz_in_the_terminal_judges_each_answer_and_gives_the_score() -> None:
    args = ("--topic", "all", "--count", "6", "--seed", "4")
    found = questions(*args)
    typed = [_right_answer(q) if i % 2 == 0 else _wrong_answer(q) for i, q in enumerate(found)]
    code, out, _ = quiz(*args, stdin="\n".join(typed) + "\n")
    assert code == 0
    assert out.count("Right.") == 3 and out.count("Not quite: the answer is") == 3
    assert "Score: 3/6" in out
    for q in found:
        assert q["explanation"][:20] in out  # rich wraps long lines


def test_quiz_in_the_terminal_takes_the_value_itself() -> None:
    args = ("--topic", "action_order", "--count", "1", "--seed", "2")
    q = questions(*args)[0]
    code, out, _ = quiz(*args, stdin=q["answer"]["next_to_act"] + "\n")
    assert "Right." in out and "Score: 1/1" in out


def test_quiz_in_the_terminal_asks_again_after_an_unreadable_answer() -> None:
    args = ("--topic", "min_raise", "--count", "1", "--seed", "2")
    q = questions(*args)[0]
    code, out, _ = quiz(*args, stdin="a lot\n" + _right_answer(q) + "\n")
    assert "cannot read 'a lot': type an amount" in out
    assert "Score: 1/1" in out


def test_quiz_in_the_terminal_asks_again_after_a_number_that_is_no_choice() -> None:
    args = ("--topic", "action_order", "--count", "2", "--seed", "2")
    first, second = questions(*args)
    assert second["choices"] == ["p2", "p5", "p6"] and second["answer"] == {"next_to_act": "p2"}
    typed = [_right_answer(first), "9", "p4", "1"]
    code, out, _ = quiz(*args, stdin="\n".join(typed) + "\n")
    out = " ".join(out.split())  # rich wraps long lines
    offered = "type the number of a choice, 1 to 3, or one of the players offered: p2, p5, p6"
    assert f"cannot read '9': {offered}" in out and f"cannot read 'p4': {offered}" in out
    assert "Not quite" not in out and "Score: 2/2" in out


def test_quiz_in_the_terminal_stops_at_the_end_of_input_with_the_score_so_far() -> None:
    args = ("--topic", "side_pots", "--count", "3", "--seed", "2")
    q = questions(*args)[0]
    code, out, _ = quiz(*args, stdin=_right_answer(q) + "\n")
    assert code == 0
    assert "Question 2/3" in out and "Question 3/3" not in out
    assert "Score: 1/1" in out


def test_quiz_in_the_terminal_speaks_the_language() -> None:
    args = ("--topic", "best_five", "--count", "1", "--seed", "2", "--lang", "zh-Hans")
    q = questions(*args)[0]
    code, out, _ = quiz(*args, stdin=_right_answer(q) + "\n")
    assert "答对了。" in out and "得分：1/1" in out and "种子2" in out


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("--topic", "poker"), "error: --topic: unknown topic 'poker': expected one of showdown"),
        (("--count", "0"), "error: --count 0 is out of range: expected 1 to 200"),
        (("--lang", "de"), "error: --lang: unknown language 'de': expected one of en, zh-Hant, zh-Hans"),
        (("--seed", "-1"), "error: --seed -1: expected a number 0 or more"),
    ],
)
def test_quiz_refuses_bad_options_in_one_line(args: tuple[str, ...], error: str) -> None:
    code, out, err = quiz(*args, "--json")
    assert code == 2 and out == ""
    assert err.strip().startswith(error) and err.count("\n") == 1


def test_quiz_help_lists_the_drills_topics_and_most_questions() -> None:
    # The help is written without importing the drills (start-up); it must say what they take.
    from pokerdealer.learn import MAX_COUNT

    code, out, _ = quiz("--help")
    assert code == 0
    flat = " ".join(out.split())
    assert f"One of: {', '.join(TOPICS)}." in flat
    assert f"(1 to {MAX_COUNT})" in flat
