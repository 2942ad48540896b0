"""The Merge Gaming Network's XML hand histories (pokerdealer.history.sites.merge)."""

from __future__ import annotations

from decimal import Decimal as D

from pokerdealer.history import UnsupportedHistory, history_to_hand
from pokerdealer.history.sites import detect_site, read_each

# HHSmithy's sample (MIT), cut to three players: Ann's all-in is called, Bob's
# $21.74 nobody matched comes back, the board is written after the round's bets.
ALL_IN = """<description type="Holdem" stakes="No Limit ($1/$2)"/>
<game id="56114855-410" starttime="20120529015906" numholecards="2" gametype="2" seats="6" realmoney="true" data="20120529|Bad Beat - Statue of Liberty (56114855)|56114855|56114855-410|false">
	<players dealer="5">
		<player seat="0" nickname="Cy" balance="$269.96" dealtin="true" />
		<player seat="1" nickname="Ann" balance="$201.10" dealtin="true" />
		<player seat="2" nickname="Di" balance="$302.79" dealtin="false" />
		<player seat="5" nickname="Bob" balance="$222.84" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" player="0" amount="1.00"/>
		<event sequence="2" type="BIG_BLIND" player="1" amount="2.00"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="6" type="RAISE" player="5" amount="22.25"/>
		<event sequence="7" type="FOLD" player="0"/>
		<event sequence="8" type="RAISE" player="1" amount="49.00"/>
		<event sequence="10" type="ALL_IN" player="5" amount="200.59"/>
		<event sequence="11" type="ALL_IN" player="1" amount="152.10"/>
		<event sequence="12" type="SHOW" player="1"/>
		<event sequence="13" type="SHOW" player="5"/>
		<cards type="SHOWN" cards="Kc,Kh" player="1"/>
		<cards type="SHOWN" cards="Ad,Ah" player="5"/>
	</round>
	<round id="POSTFLOP" sequence="3"><cards type="COMMUNITY" cards="Js,Qh,Jd"/></round>
	<round id="POSTTURN" sequence="4"><cards type="COMMUNITY" cards="Js,Qh,Jd,6h"/></round>
	<round id="POSTRIVER" sequence="5"><cards type="COMMUNITY" cards="Js,Qh,Jd,6h,Th"/></round>
	<round id="END_OF_GAME" sequence="6">
		<winner amount="21.74" uncalled="true" potnumber="2" player="5" hand="Two Pair Aces and Jacks" pottype="n"/>
		<winner amount="399.70" uncalled="false" potnumber="1" player="5" hand="Two Pair Aces and Jacks" pottype="n"/>
	</round>
</game>
"""

# Everyone folds to Ann, who looks at the board that would have come (a rabbit hunt) and shows Jh Js.
RABBIT = """<description type="Holdem" stakes="No Limit ($1/$2)"/>
<game id="56140099-483" starttime="20120529033903" numholecards="2" gametype="2" seats="9" realmoney="true" data="20120529|Bad Beat - Mississippi (56140099)|56140099|56140099-483|false">
	<players dealer="2">
		<player seat="2" nickname="Ann" balance="$32.96" dealtin="true" />
		<player seat="6" nickname="Bob" balance="$206.87" dealtin="true" />
		<player seat="7" nickname="Cy" balance="$209.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" player="6" amount="1.00"/>
		<event sequence="2" type="BIG_BLIND" player="7" amount="2.00"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="RAISE" player="2" amount="5.00"/>
		<event sequence="7" type="FOLD" player="6"/>
		<event sequence="8" type="FOLD" player="7"/>
	</round>
	<round id="END_OF_FOLDED_GAME" sequence="3">
		<event sequence="9" type="RABBIT" player="2" text="Jh,Js"/>
		<cards type="COMMUNITY" cards="Td,4h,9c,8d,Jd"/>
		<cards type="SHOWN" cards="Jh,Js" player="2"/>
		<winner amount="8.00" uncalled="false" potnumber="1" player="2" pottype="n"/>
	</round>
</game>
"""


def test_merge_xml_is_told_from_its_game_element():
    assert detect_site(ALL_IN) == "merge"


def test_an_all_in_the_uncalled_rest_returned_and_the_rake_replay_to_the_texts_stacks():
    (hand,) = read_each(ALL_IN)
    assert hand.players == ("Cy", "Ann", "Bob")  # Di is not dealt in
    assert [a.split(" #")[0] for a in hand.actions[3:9]] == [
        "p3 cbr 22.25", "p1 f", "p2 cbr 49", "p3 cbr 222.84", "p2 cc", "p2 sm KcKh"]
    assert hand.finishing_stacks == (D("268.96"), 0, D("421.44"))  # Bob: 222.84 - 201.10 + 399.70
    assert hand.metadata["_rake"] == D("3.5") and hand.metadata["currency"] == "USD"
    replay = history_to_hand(hand, auto_showdown=True)
    assert replay.check == "match" and " ".join(map(str, replay.hand.board)) == "Js Qh Jd 6h Th"


def test_a_rabbit_hunt_after_everyone_folded_deals_no_board():
    (hand,) = read_each(RABBIT)
    assert not any(a.startswith("d db") for a in hand.actions)
    assert history_to_hand(hand).check == "match"


def test_a_cancelled_game_and_omaha_are_skipped_with_their_reasons():
    cancelled = RABBIT.replace('<round id="PREFLOP"', '<round id="GAME_CANCELLED" sequence="9"></round><round id="PREFLOP"')
    omaha = RABBIT.replace('type="Holdem" stakes="No Limit', 'type="Omaha" stakes="Pot Limit')
    (skipped, other) = read_each(cancelled + omaha)
    assert isinstance(skipped, UnsupportedHistory) and "cancelled" in skipped.reason and "#56140099-483" in skipped.reason
    assert isinstance(other, UnsupportedHistory) and "Omaha" in other.reason
