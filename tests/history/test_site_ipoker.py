"""iPoker's XML hand histories (pokerdealer.history.sites.ipoker)."""

from __future__ import annotations

from decimal import Decimal as D

from pokerdealer.history import history_to_hand
from pokerdealer.history.sites import detect_site, read_each

SESSION = """\
<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="0">
  <general>
    <gametype>Holdem NL \u20ac0.50/\u20ac1</gametype>
    <tablename>Ebenthal, 901952806</tablename>
    <startdate>2018-06-20 15:38:34</startdate>
  </general>
  <game gamecode="7973133299">
    <general>
      <startdate>2018-06-20 14:10:55</startdate>
      <players>
        <player dealer="1" name="h3llr4zor" bet="\u20ac0" win="\u20ac0" seat="1" chips="\u20ac104.40" />
        <player dealer="0" name="Imfairminded" bet="\u20ac6" win="\u20ac5.70" seat="3" chips="\u20ac196" />
        <player dealer="0" name="samsung77" bet="\u20ac3" win="\u20ac0" seat="5" chips="\u20ac102" />
      </players>
    </general>
    <round no="0">
      <action cards="" no="1" player="Imfairminded" sum="\u20ac0.50" type="1" />
      <action cards="" no="2" player="samsung77" sum="\u20ac1" type="2" />
    </round>
    <round no="1">
      <cards player="h3llr4zor" type="Pocket">X X</cards>
      <action cards="" no="3" player="h3llr4zor" sum="\u20ac0" type="0" />
      <cards player="Imfairminded" type="Pocket">D9 C10</cards>
      <action cards="" no="5" player="samsung77" sum="\u20ac2" type="3" />
      <action cards="" no="4" player="Imfairminded" sum="\u20ac3" type="23" />
    </round>
    <round no="2">
      <cards player="" type="Flop">S8 H6 HA</cards>
      <action cards="" no="6" player="Imfairminded" sum="\u20ac3" type="5" />
      <action cards="" no="7" player="samsung77" sum="\u20ac0" type="0" />
    </round>
  </game>
  <game gamecode="7973133300">
    <general>
      <startdate>2018-06-20 14:11:40</startdate>
      <players>
        <player dealer="0" name="h3llr4zor" bet="\u20ac1" win="\u20ac0" seat="1" chips="\u20ac104.40" />
        <player dealer="1" name="Imfairminded" bet="\u20ac1" win="\u20ac1.90" seat="3" chips="\u20ac198.70" />
        <player dealer="0" name="samsung77" bet="\u20ac0.50" win="\u20ac0" seat="5" chips="\u20ac99" />
      </players>
    </general>
    <round no="0">
      <action cards="" no="1" player="samsung77" sum="\u20ac0.50" type="1" />
      <action cards="" no="2" player="h3llr4zor" sum="\u20ac1" type="2" />
    </round>
    <round no="1">
      <action cards="" no="3" player="Imfairminded" sum="\u20ac1" type="3" />
      <action cards="" no="4" player="samsung77" sum="\u20ac0" type="0" />
      <action cards="" no="5" player="h3llr4zor" sum="\u20ac0" type="4" />
    </round>
    <round no="2">
      <cards player="" type="Flop">s8 h6 hA</cards>
      <action cards="" no="6" player="h3llr4zor" sum="\u20ac0" type="4" />
      <action cards="" no="7" player="Imfairminded" sum="\u20ac0" type="4" />
    </round>
    <round no="3"><cards player="" type="Turn">C2</cards>
      <action cards="" no="8" player="h3llr4zor" sum="\u20ac0" type="4" />
      <action cards="" no="9" player="Imfairminded" sum="\u20ac0" type="4" />
    </round>
    <round no="4"><cards player="" type="River">D3</cards>
      <action cards="" no="10" player="h3llr4zor" sum="\u20ac0" type="4" />
      <action cards="" no="11" player="Imfairminded" sum="\u20ac0" type="4" />
    </round>
  </game>
</session>
"""


def test_ipoker_xml_is_told_from_its_games():
    assert detect_site(SESSION) == "ipoker"


def test_each_game_takes_its_sessions_stakes_and_actions_in_their_numbered_order():
    first, _ = read_each(SESSION)
    assert first.min_bet == 1 and first.metadata["currency"] == "EUR" and first.metadata["table"] == "Ebenthal, 901952806"
    # Action 4 (the raise to \u20ac3) comes before action 5 (the call), whatever the file's order.
    assert [a.split(" #")[0] for a in first.actions[4:6]] == ["p1 cbr 3", "p2 cc"]
    assert first.actions[0] == "d dh p1 9dTc" and first.metadata["_rake"] == D("0.3")
    assert history_to_hand(first).check == "match"


def test_a_hand_checked_down_with_no_card_shown_goes_to_the_winner_the_loser_mucking():
    _, second = read_each(SESSION)
    assert second.actions[-1] == "p2 sm"  # h3llr4zor, who won nothing, mucked
    assert history_to_hand(second, auto_showdown=True).check == "match"
