"""Reading and writing PHH: fields, the action grammar, round trips, errors."""

from __future__ import annotations

import tomllib
from decimal import Decimal

import pytest

from pokerdealer.cards import parse_card
from pokerdealer.history import (
    HandHistory,
    HistoryError,
    dump,
    dump_all,
    dumps,
    dumps_all,
    load,
    load_all,
    load_path,
    loads,
    loads_all,
    parse_action,
)
from pokerdealer.history.phh import format_action, parse_cards_phh

DWAN_IVEY = '''
# The first televised million dollar pot between Tom Dwan and Phil Ivey.
variant = "NT"
ante_trimming_status = true
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  # Pre-flop
  "d dh p1 Ac2d",  # Ivey
  "d dh p2 ????",  # Antonius
  "d dh p3 7h6h",  # Dwan
  "p3 cbr 7000",  # Dwan
  "p1 cbr 23000",  # Ivey
  "p2 f",  # Antonius
  "p3 cc",  # Dwan
  "d db Jc3d5c",
  "p1 cbr 35000",
  "p3 cc",
  "d db 4h",
  "p1 cbr 90000",
  "p3 cbr 232600",
  "p1 cbr 1067100",
  "p3 cc",
  "p1 sm Ac2d",
  "p3 sm 7h6h",
  "d db Jh",
]
author = "Juho Kim"
event = "Full Tilt Million Dollar Cash Game S4E12"
year = 2009
players = ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
currency = "USD"
_sponsor = { name = "nobody", "odd key" = [1, 2.5] }
'''


def test_fields_are_read_and_the_rest_is_kept_as_metadata():
    history = loads(DWAN_IVEY)
    assert history.variant == "NT"
    assert history.ante_trimming_status is True
    assert history.antes == (500, 500, 500)
    assert history.blinds_or_straddles == (1000, 2000, 0)
    assert history.min_bet == 2000 and history.small_bet is None and history.big_bet is None
    assert history.starting_stacks == (1125600, 2000000, 553500)
    assert history.actions[0] == "d dh p1 Ac2d" and len(history.actions) == 18
    assert history.players == ("Phil Ivey", "Patrik Antonius", "Tom Dwan")
    assert history.finishing_stacks is None
    assert list(history.metadata) == ["author", "event", "year", "currency", "_sponsor"]
    assert history.metadata["_sponsor"] == {"name": "nobody", "odd key": [1, Decimal("2.5")]}


def test_round_trip_load_dump_load_gives_the_same_history():
    history = loads(DWAN_IVEY)
    text = dumps(history)
    tomllib.loads(text)  # valid TOML
    assert loads(text) == history
    assert dumps(loads(text)) == text


def test_half_chips_and_infinity_survive_a_round_trip_exactly():
    text = DWAN_IVEY.replace("[1125600, 2000000, 553500]", "[1125600.5, inf, 553500]")
    text += "finishing_stacks = [10112.5, 9775.0, 1e3]\n"
    history = loads(text)
    assert history.starting_stacks == (Decimal("1125600.5"), Decimal("Infinity"), 553500)
    assert history.finishing_stacks == (Decimal("10112.5"), Decimal("9775.0"), Decimal("1e3"))
    assert loads(dumps(history)) == history


def test_strings_with_quotes_and_control_characters_are_escaped():
    history = loads(DWAN_IVEY).replace(
        players=('Phil "No Home Jerome" Ivey', "back\\slash", "tab\there\u007f"),
        metadata={"event": "line\nbreak", "_ünïcode key": "雙方"},
    )
    assert loads(dumps(history)) == history


def test_phhs_holds_many_hands_as_numbered_tables(tmp_path):
    one = loads(DWAN_IVEY)
    two = one.replace(actions=one.actions[:5])
    text = dumps_all([one, two])
    assert text.startswith("[1]\n") and "\n[2]\n" in text
    assert loads_all(text) == [one, two]
    dump_all([one, two], tmp_path / "hands.phhs")
    assert load_all(tmp_path / "hands.phhs") == [one, two]
    (tmp_path / "a").mkdir()
    dump(one, tmp_path / "a" / "x.phh")
    names = [name for name, _ in load_path(tmp_path)]
    assert names == [
        str(tmp_path / "a" / "x.phh"),
        str(tmp_path / "hands.phhs") + "[1]",
        str(tmp_path / "hands.phhs") + "[2]",
    ]
    assert load(tmp_path / "a" / "x.phh") == one


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("d dh p1 AcKs", "PhhAction(actor=None, kind='dh', player=0, cards=(Card('Ac'), Card('Ks')))"),
        ("d dh p2 ????", "PhhAction(actor=None, kind='dh', player=1, cards=(None, None))"),
        ("d db Jc3d5c", "PhhAction(actor=None, kind='db', cards=(Card('Jc'), Card('3d'), Card('5c')))"),
        ("p3 cbr 80", "PhhAction(actor=2, kind='cbr', amount=80)"),
        ("p3 cbr 1,000.5", "PhhAction(actor=2, kind='cbr', amount=Decimal('1000.5'))"),
        ("p1 cc", "PhhAction(actor=0, kind='cc')"),
        ("p2 f # tank fold", "PhhAction(actor=1, kind='f', commentary='tank fold')"),
        ("p1 sm AsKd", "PhhAction(actor=0, kind='sm', cards=(Card('As'), Card('Kd')))"),
        ("p1 sm", "PhhAction(actor=0, kind='sm')"),
        ("p1 sm -", "PhhAction(actor=0, kind='sm', show_dealt=True)"),
        ("p4 sd ????", "PhhAction(actor=3, kind='sd', cards=(None, None))"),
        ("p1 pb", "PhhAction(actor=0, kind='pb')"),
        ("   ", "PhhAction(actor=None, kind='')"),
        ("\tp1\tcc  ", "PhhAction(actor=0, kind='cc')"),
        ("d db 10h", "PhhAction(actor=None, kind='db', cards=(Card('Th'),))"),
    ],
)
def test_action_grammar(text, expected):
    assert repr(parse_action(text)) == expected


@pytest.mark.parametrize(
    "text",
    ["d dh p1 AcKs", "d db Jc3d5c", "p3 cbr 80", "p1 cc", "p2 f", "p1 sm AsKd", "p1 sm",
     "p1 sm -", "p2 f # note", "# only a note", ""],
)
def test_actions_are_written_back_as_read(text):
    assert format_action(parse_action(text)) == text


@pytest.mark.parametrize(
    "text",
    ["p1 raise 80", "p0 f", "x1 f", "p1 cbr", "p1 cbr ten", "p1 cbr -5", "d dh p1 AcK",
     "d dh p1 AxKs", "d db", "p1 cc 20", "d xx AcKs", "p1"],
)
def test_bad_actions_are_rejected_with_the_text_quoted(text):
    with pytest.raises(HistoryError, match="cannot read action"):
        parse_action(text)


def test_bad_card_in_a_hand_names_the_action_index():
    history = loads(DWAN_IVEY.replace('"d db 4h"', '"d db 4x"'))
    with pytest.raises(HistoryError, match=r"actions\[10\]: cannot read action 'd db 4x'") as error:
        history.parsed_actions()
    assert error.value.index == 10


def test_cards_are_two_characters_each():
    assert parse_cards_phh("AsKd??") == (parse_card("As"), parse_card("Kd"), None)
    assert parse_cards_phh("") == ()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('variant = "NT"', 'variant = "XX"'), "unknown variant 'XX'"),
        (("min_bet = 2000\n", ""), "variant NT needs min_bet"),
        (("antes = [500, 500, 500]", "antes = [500, 500]"), "antes has 2 entries for 3 players"),
        (("antes = [500, 500, 500]", 'antes = ["a", 500, 500]'), "antes must be a number"),
        (("actions = [", "actions_ = ["), "missing required field 'actions'"),
        (("ante_trimming_status = true", "ante_trimming_status = 1"), "must be true or false"),
        (('variant = "NT"', 'variant = "NT'), "not valid TOML"),
        (('players = ["Phil Ivey", ', "players = [1, "), "players must be an array of strings"),
    ],
)
def test_bad_documents_raise_history_error(change, message):
    with pytest.raises(HistoryError, match=message):
        loads(DWAN_IVEY.replace(*change), path="x.phh")


def test_limit_variants_need_small_and_big_bets():
    text = DWAN_IVEY.replace('variant = "NT"', 'variant = "FT"')
    with pytest.raises(HistoryError, match="needs small_bet and big_bet"):
        loads(text)
    history = loads(text.replace("min_bet = 2000", "small_bet = 2000\nbig_bet = 4000"))
    assert (history.small_bet, history.big_bet, history.min_bet) == (2000, 4000, None)
    assert loads(dumps(history)) == history


def test_pt_is_our_code_for_pot_limit_holdem():
    history = loads(DWAN_IVEY.replace('variant = "NT"', 'variant = "PT"'))
    assert history.variant == "PT" and history.is_holdem


def test_unreadable_files_are_yielded_as_errors_not_raised(tmp_path):
    (tmp_path / "bad.phh").write_text("variant = ")
    (tmp_path / "good.phh").write_text(DWAN_IVEY)
    (tmp_path / "notes.txt").write_text("ignored")
    results = dict(load_path(tmp_path))
    assert isinstance(results[str(tmp_path / "bad.phh")], HistoryError)
    assert isinstance(results[str(tmp_path / "good.phh")], HandHistory)
    assert len(results) == 2


def test_every_dataset_file_reads_and_round_trips(phh_data):
    count = 0
    for name, history in load_path(phh_data):
        assert isinstance(history, HandHistory), f"{name}: {history}"
        history.parsed_actions()
        assert loads(dumps(history)) == history, name
        count += 1
    assert count == 10088
