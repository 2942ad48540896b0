"""The Microgaming Poker Network's XML hand histories (pokerdealer.history.sites.microgaming)."""

from __future__ import annotations

import re
from decimal import Decimal as D
from pathlib import Path

from pokerdealer.history import HistoryError, history_to_hand
from pokerdealer.history.sites import detect_site, microgaming, read_each
from pokerdealer.history.sites.core import read_file

CORPUS = Path(__file__).parent / "data" / "sites" / "microgaming"

# HHSmithy's sample (MIT), cut to four players: tuffgong pays 0.02 to the bad-beat jackpot,
# raises, re-raises spidercat's raise and takes the pot uncalled.
JACKPOT = """<Game hhversion="4" id="5541791811" date="2015-04-25 14:54:20" tablename="Annelie - 200 Max" stakes="1|2" betlimit="NL" tabletype="Cash Game" gametypeid="1" gametype="Hold'em" realmoney="true" currencysymbol="rCA=" istournament="0" totalplayers="8" tablesize="9" badbeat="true" rake="0">
<Seats>
<Seat num="5" alias="spidercat" balance="247.00" endbalance="225.00" dealer="true" />
<Seat num="6" alias="Giddy_Goat" balance="430.30" endbalance="429.30" />
<Seat num="7" alias="JoakimAF" balance="136.84" endbalance="134.84" />
<Seat num="8" alias="tuffgong" balance="200.00" endbalance="224.98" />
</Seats>
<Gameplay>
<Action seq="1" type="SmallBlind" seat="6" value="1.00" />
<Action seq="2" type="BigBlind" seat="7" value="2.00" />
<Action seq="3" type="BadBeatContribution" seat="8" value="0.02" />
<Action seq="4" type="Raise" seat="8" value="6.00" />
<Action seq="10" type="Raise" seat="5" value="22.00" />
<Action seq="11" type="Fold" seat="6" />
<Action seq="12" type="Fold" seat="7" />
<Action seq="13" type="Raise" seat="8" value="68.00" />
<Action seq="14" type="Fold" seat="5" />
<Action seq="15" type="MuckCards" seat="8" />
<Action type="Win">
<Seat num="8" amount="99.00" pot="0" type="" lowhandwin="0" />
</Action>
</Gameplay>
</Game>
"""


def test_microgaming_xml_is_told_from_its_game_element():
    assert detect_site(JACKPOT) == "microgaming"


def test_a_bad_beat_jackpot_fee_comes_out_of_the_stack_not_into_the_pot():
    (hand,) = read_each(JACKPOT)
    assert hand.players == ("Giddy_Goat", "JoakimAF", "tuffgong", "spidercat")
    assert hand.starting_stacks[2] == D("199.98") and hand.metadata["_jackpot_fees"] == {"tuffgong": D("0.02")}
    assert hand.finishing_stacks == (D("429.3"), D("134.84"), D("224.98"), 225)  # the site's end balances
    assert hand.metadata["currency"] == "EUR"
    assert history_to_hand(hand).check == "match"


def test_a_small_blind_all_in_for_less_is_posted_as_the_blind():
    # Player7 has 10 of the 10/20 small blind: his "AllIn" before anyone acts is that blind.
    text = (CORPUS / "hhsmithy__MicroGaming__MultiTableTournament__HandActionTests__SBisAllin.txt").read_text(encoding="utf-8-sig")
    (hand,) = read_each(text)
    assert hand.blinds_or_straddles[:2] == (10, 20)
    assert history_to_hand(hand, auto_showdown=True).check == "match"


def test_every_hand_of_the_corpus_ends_with_the_balances_the_site_wrote():
    # The replay checks the stacks we work out; these are the site's own end balances.
    checked = 0
    for path in sorted(CORPUS.glob("*.txt")):
        for block, _ in microgaming.split(read_file(path)):
            try:
                hand = microgaming.read_hand(block)
            except HistoryError:
                continue  # Omaha: skipped
            ends = dict(re.findall(r'alias="([^"]*)"[^>]*endbalance="([^"]*)"', block))
            assert [D(ends[name]) for name in hand.player_names] == list(map(D, map(str, hand.finishing_stacks)))
            checked += 1
    assert checked >= 34
