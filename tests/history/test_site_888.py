"""888poker's text hand histories (pokerdealer.history.sites.pacific)."""

from __future__ import annotations

from decimal import Decimal as D

from pokerdealer.history import history_to_hand
from pokerdealer.history.sites import detect_site, read_each

WALK = """\
#Game No : 775397297
***** 888poker Hand History for Game 775397297 *****
$75/$150 Blinds No Limit Holdem - *** 27 03 2016 22:50:13
Tournament #78669312 $0.01 - Table #3 9 Max (Real Money)
Seat 6 is the button
Total number of players : 3
Seat 1: tuhien ( $1,200 )
Seat 6: noblufj1 ( $1,625 )
Seat 9: ottawa67sfan ( $810 )
tuhien posts ante [$20]
ottawa67sfan posts ante [$20]
noblufj1 posts ante [$20]
ottawa67sfan posts small blind [$75]
tuhien posts big blind [$150]
** Dealing down cards **
noblufj1 folds
ottawa67sfan folds
** Summary **
tuhien collected [ $285 ]
"""

SHORT_BIG_BLIND = """\
#Game No : 778800266
***** 888poker Hand History for Game 778800266 *****
$100/$200 Blinds No Limit Holdem - *** 27 03 2016 23:20:26
Tournament #78669773 $0.01 - Table #4 9 Max (Real Money)
Seat 7 is the button
Total number of players : 3
Seat 7: sportsfury8 ( $905 )
Seat 9: jpprewitt ( $3,280 )
Seat 10: Pyfik106 ( $58 )
sportsfury8 posts ante [$25]
jpprewitt posts ante [$25]
Pyfik106 posts ante [$25]
jpprewitt posts small blind [$100]
Pyfik106 posts big blind [$33]
** Dealing down cards **
Dealt to jpprewitt [ 9c, 8s ]
sportsfury8 calls [$200]
jpprewitt folds
** Dealing flop ** [ Js, 4d, 8c ]
** Dealing turn ** [ 6h ]
** Dealing river ** [ 9d ]
** Summary **
sportsfury8 shows [ Qh, 4h ]
Pyfik106 shows [ 8h, As ]
Pyfik106 collected [ $174 ]
sportsfury8 collected [ $234 ]
"""

COMMA_DECIMALS = """\
***** 888poker Hand History for Game 531071379 *****
2 $/4 $ Blinds No Limit Holdem - *** 18 01 2016 18:29:43
Table Caserta 6 Max (Real Money)
Seat 4 is the button
Total number of players : 3
Seat 1: ilovepinot ( 1 192,48 $ )
Seat 4: ship_it_fi5h ( 636,15 $ )
Seat 6: Din_Pappa ( 400 $ )
Din_Pappa posts small blind [2 $]
ilovepinot posts big blind [4 $]
Flanx posts dead blind [2 $ + 4 $]
** Dealing down cards **
ship_it_fi5h raises [14,50 $]
Din_Pappa folds
ilovepinot folds
** Summary **
ship_it_fi5h did not show his hand
ship_it_fi5h collected [ 10 $ ]
"""


def test_888_text_is_told_from_its_header_not_partypokers():
    assert detect_site(WALK) == "888"
    assert detect_site(WALK.replace("888poker Hand History", "Hand History")) != "888"


def test_a_walk_counts_the_big_blinds_own_uncalled_chips_in_what_he_collected():
    # The big blind's $75 over the small blind is his own: 888 counts it in the $285.
    (hand,) = read_each(WALK)
    assert hand.finishing_stacks == (715, 1315, 1605)
    assert history_to_hand(hand).check == "match"


def test_a_big_blind_all_in_for_less_is_called_for_the_whole_blind():
    # Pyfik106 has $33 after his ante: sportsfury8 still calls the $200 blind,
    # and the side pot of his and the small blind's excess comes back to him.
    (hand,) = read_each(SHORT_BIG_BLIND)
    assert hand.blinds_or_straddles == (100, 200, 0) and hand.min_bet == 200
    assert history_to_hand(hand, auto_showdown=True).check == "match"


def test_amounts_with_the_sign_after_them_have_comma_decimals():
    (hand,) = read_each(COMMA_DECIMALS.replace("Flanx posts dead blind [2 $ + 4 $]\n", ""))
    assert hand.starting_stacks == (400, D("1192.48"), D("636.15"))
    assert hand.actions[3].startswith("p3 cbr 14.5")
    assert history_to_hand(hand).check == "match"
