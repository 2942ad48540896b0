"""PokerStars text on the command line: ``replay FILE.txt`` and ``convert FILE.txt``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.history import load, load_all

runner = CliRunner()
REAL = Path(__file__).resolve().parents[1] / "history" / "data" / "pokerstars" / "pokerregion-tournament.txt"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def one_hand(tmp_path: Path) -> Path:
    first = REAL.read_text(encoding="utf-8").split("\n\n\n")[1]  # the side-pot hand
    path = tmp_path / "one.txt"
    path.write_text(first, encoding="utf-8")
    return path


def test_replay_reads_a_pokerstars_file_of_many_hands():
    code, out, err = run("replay", str(REAL), "--json")
    assert code == 0, err
    summary = json.loads(out)["summary"]
    assert (summary["hands"], summary["match"], summary["rejected"]) == (5, 5, 0)


def test_replay_reads_one_pokerstars_hand(tmp_path):
    code, out, err = run("replay", str(one_hand(tmp_path)), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["check"] == "match" and len(data["pots"]) == 2


def test_convert_one_hand_to_phh(tmp_path):
    out = tmp_path / "one.phh"
    code, stdout, err = run("convert", str(one_hand(tmp_path)), "--out", str(out))
    assert code == 0, err
    assert "1 hand(s) written" in stdout
    history = load(out)
    assert history.metadata["hand"] == 105034215446 and history.antes == (75,) * 9
    code, _, err = run("replay", str(out), "--json")
    assert code == 0, err


def test_convert_many_hands_to_a_session(tmp_path):
    code, stdout, err = run("convert", str(REAL))
    assert code == 0, err
    assert stdout.startswith("[1]\n") and "[5]\n" in stdout
    out = tmp_path / "all.phhs"
    code, _, err = run("convert", str(REAL), "--out", str(out))
    assert code == 0, err
    assert len(load_all(out)) == 5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--out", "x.phh"], "5 hands do not fit a .phh file (one hand): use .phhs"),
        (["--out", "x.json"], "the output is a .phh (one hand) or .phhs (many hands) file"),
    ],
)
def test_convert_bad_options(tmp_path, args, message):
    args = [a if not a.startswith("x.") else str(tmp_path / a) for a in args]
    code, _, err = run("convert", str(REAL), *args)
    assert code == 2 and message in err and "Traceback" not in err


def test_convert_refuses_what_it_cannot_read(tmp_path):
    phh = tmp_path / "hand.phh"
    phh.write_text('variant = "NT"\n')
    code, _, err = run("convert", str(phh))
    assert code == 2 and "expected a PokerStars text file (.txt)" in err
    bad = tmp_path / "bad.txt"
    bad.write_text(REAL.read_text(encoding="utf-8").replace("Hold'em No Limit", "Omaha Pot Limit"))
    code, _, err = run("convert", str(bad))
    assert code == 2 and "'Omaha Pot Limit' is not played by the rules engine" in err
    assert "no hand could be converted (5 skipped, named above)" in err


def test_one_unreadable_hand_never_refuses_the_whole_file_in_convert(tmp_path):
    text = REAL.read_text(encoding="utf-8")
    third = text.split("\n\n\n")[2]
    bad = tmp_path / "one-bad.txt"
    bad.write_text(text.replace(third, third.replace("Table '", "Tabel '", 1)), encoding="utf-8")
    number = third.split("#")[1].split(":")[0]
    out = tmp_path / "rest.phhs"
    code, stdout, err = run("convert", str(bad), "--out", str(out))
    assert code == 1
    assert "4 hand(s) written" in stdout and len(load_all(out)) == 4
    assert f"skipped hand #{number} (line " in err
    assert "expected \"Table '...' N-max Seat #B is the button\" on line 2" in err


def test_one_unreadable_hand_never_refuses_the_whole_file_in_replay(tmp_path):
    text = REAL.read_text(encoding="utf-8")
    third = text.split("\n\n\n")[2]
    bad = tmp_path / "one-bad.txt"
    bad.write_text(text.replace(third, third.replace("Table '", "Tabel '", 1)), encoding="utf-8")
    number = third.split("#")[1].split(":")[0]
    code, out, _ = run("replay", str(bad), "--json")
    data = json.loads(out)
    assert code == 1
    assert (data["summary"]["match"], data["summary"]["rejected"]) == (4, 1)
    (rejected,) = data["rejected"]
    assert rejected["path"] == f"{bad}[#{number}]"
    assert "N-max Seat #B is the button" in rejected["error"]["message"]


def test_convert_writes_the_small_blind_of_a_sitting_out_player(tmp_path):
    from tests.history.test_pokerstars_real_files import SITTING_OUT_SMALL_BLIND

    path = tmp_path / "sitting-out.txt"
    path.write_text(SITTING_OUT_SMALL_BLIND, encoding="utf-8")
    out = tmp_path / "hand.phh"
    code, _, err = run("convert", str(path), "--out", str(out))
    assert code == 0, err
    history = load(out)
    assert history.players[0] == "Bob" and history.blinds_or_straddles[0] == 15


def test_convert_writes_old_texts_finishing_stacks(tmp_path):
    from tests.history.test_pokerstars_real_files import OLD_WITHOUT_UNCALLED_BET

    path = tmp_path / "2006.txt"
    path.write_text(OLD_WITHOUT_UNCALLED_BET, encoding="utf-8")
    out = tmp_path / "hand.phh"
    code, _, err = run("convert", str(path), "--out", str(out))
    assert code == 0, err
    history = load(out)
    assert dict(zip(history.players, map(str, history.finishing_stacks))) == {
        "Ann": "49.75", "Bob": "41.6", "Cy": "19.5"
    }


def test_converted_hands_export_back_to_the_same_pokerstars_hands(tmp_path):
    from pokerdealer.history.pokerstars_read import read_pokerstars

    session = tmp_path / "all.phhs"
    assert run("convert", str(REAL), "--out", str(session))[0] == 0
    code, text, err = run("export", str(session), "--hero", "W2lkm2n")
    assert code == 0, err
    assert text.startswith("PokerStars Hand #105024000105: Tournament #797469411, $3.19+$0.31 USD Hold'em No Limit")
    assert "2013/10/04 17:53:27 UTC [2013/10/04 13:53:27 ET]" in text.splitlines()[0]  # 19:53:27 CET
    again = read_pokerstars(text)
    first = read_pokerstars(REAL.read_text(encoding="utf-8"))
    for a, b in zip(again, first):
        assert (a.players, a.starting_stacks, a.finishing_stacks) == (b.players, b.starting_stacks, b.finishing_stacks)
        assert a.metadata["seats"] == b.metadata["seats"]
