"""The drills module: the same seed gives the same questions, difficulty grows,
every topic in every language, the JSON contract, and one test per rule taught."""

from __future__ import annotations

import re

import pytest

from pokerdealer.errors import PokerDealerError
from pokerdealer.evaluation import Step, showdown
from pokerdealer.i18n import LANGUAGES
from pokerdealer.learn import MAX_LEVEL, TOPIC_LEVELS, TOPICS, Question, drills, judge
from pokerdealer.rules import Street
from tests.learn.helpers import at_level, name, questions, replayed

TOPIC_NAMES = [topic for topic in TOPICS if topic != "all"]
#: Each topic's answer fields (a topic asking more than one kind of question has several).
ANSWER_KEYS: dict[str, list[set[str]]] = {
    "showdown": [{"winners"}],
    "best_five": [{"cards"}],
    "side_pots": [{"pots"}],
    "min_raise": [{"min_raise_to"}],
    "action_order": [{"next_to_act"}],
    "show_order": [{"first_to_show"}, {"tabled_now"}, {"may_show"}],
    "hand_rankings": [{"category"}, {"winners"}],
    "positions": [{"player"}],
    "limits": [{"max_raise_to"}],
    "odd_chips": [{"shares"}],
    "short_deck": [{"winners"}],
    "cash_vs_tournament": [
        {"cash", "tournament"}, {"game", "buy_in"}, {"game", "place"}, {"places"}, {"game", "takes"},
        {"game", "prize"}, {"game", "top_up"}, {"rules"},
    ],
    "etiquette": [{"wait_for"}, {"may_see"}, {"winners"}, {"stands"}],
    "glossary": [{"term"}, {"nuts"}, {"cards"}],
}
DATA_KEYS: dict[str, list[set[str]]] = {
    "showdown": [{"board", "hands"}],
    "best_five": [{"board", "hole"}, {"board", "hole", "both"}],
    "side_pots": [{"contributions", "folded"}],
    "min_raise": [{"phh"}],
    "action_order": [{"phh"}],
    "show_order": [{"phh"}, {"phh", "caller"}, {"phh", "player", "first_to_show"}],
    "hand_rankings": [{"cards"}, {"hands", "variant"}],
    "positions": [{"players", "button", "folded", "street"}],
    "limits": [{"phh", "structure"}],
    "odd_chips": [{"players", "button", "unit", "pots"}],
    "short_deck": [{"hands", "variant", "rules"}],
    "cash_vs_tournament": [
        {"preset", "minutes"}, {"game"}, {"game", "left"}, {"left", "stacks"}, {"game", "buy_in", "chips"},
        {"game", "entries", "buy_in", "percents", "place"}, {"game", "max_buy_in", "stack"}, {"where", "about"},
    ],
    "etiquette": [
        {"phh", "player"}, {"player", "cards"}, {"board", "hands", "mucked", "button", "shown"}, {"phh", "player", "did"},
    ],
    "glossary": [{"term", "choices"}, {"board", "examples"}, {"players", "street", "next"}],
}
QUESTION_KEYS = {
    "topic", "level", "prompt", "choices", "answer_index", "answer", "explanation", "data", "ask", "diagram",
}
SEAT_KEYS = {"name", "stack", "bet", "cards", "roles", "folded", "all_in", "said", "mark"}


# ----------------------------------------------------------------- the drills
@pytest.mark.parametrize("topic", TOPICS)
def test_the_same_seed_gives_the_same_questions(topic: str) -> None:
    first = [q.to_json() for q in drills(topic, count=12, seed=42)]
    again = [q.to_json() for q in drills(topic, count=12, seed=42)]
    assert first == again


@pytest.mark.parametrize("topic", TOPICS)
def test_another_seed_gives_other_questions(topic: str) -> None:
    assert [q.data for q in drills(topic, count=6, seed=1)] != [
        q.data for q in drills(topic, count=6, seed=2)
    ]


def test_a_question_does_not_depend_on_how_many_are_asked() -> None:
    assert drills("all", count=5, seed=9) == drills("all", count=14, seed=9)[:5]


@pytest.mark.parametrize("topic", TOPIC_NAMES)
def test_difficulty_grows_with_the_question_index(topic: str) -> None:
    levels = [q.level for q in drills(topic, count=TOPIC_LEVELS[topic], seed=3)]
    assert levels == list(range(TOPIC_LEVELS[topic]))


def test_all_takes_every_topic_in_turn_and_grows_harder() -> None:
    n = len(TOPIC_NAMES)
    qs = drills("all", count=2 * n, seed=5)
    assert [q.topic for q in qs] == TOPIC_NAMES * 2
    assert [q.level for q in qs] == [0] * n + [1] * n


@pytest.mark.parametrize("topic", TOPIC_NAMES)
def test_a_level_asked_for_gives_every_question_at_that_level(topic: str) -> None:
    hardest = TOPIC_LEVELS[topic] - 1
    for level in range(MAX_LEVEL):
        assert {q.level for q in drills(topic, count=3, seed=2, level=level)} == {min(level, hardest)}


def test_a_question_at_a_level_is_the_same_for_the_same_seed() -> None:
    # The page brings a missed question back by its topic, level and seed.
    first = drills("limits", count=1, seed=77, level=3, lang="zh-Hant")
    assert first == drills("limits", count=1, seed=77, level=3, lang="zh-Hant")


@pytest.mark.parametrize("level", [-1, MAX_LEVEL])
def test_a_level_out_of_range_is_refused(level: int) -> None:
    with pytest.raises(PokerDealerError, match=f"level {level} is out of range: expected 0 to {MAX_LEVEL - 1}"):
        drills("limits", count=1, seed=1, level=level)


@pytest.mark.parametrize("topic", TOPIC_NAMES)
def test_the_json_fields_are_the_contract(topic: str) -> None:
    for q in drills(topic, count=12, seed=4):
        data = q.to_json()
        assert set(data) == QUESTION_KEYS
        assert data["topic"] == topic
        assert set(data["answer"]) in ANSWER_KEYS[topic]
        assert set(data["data"]) in DATA_KEYS[topic]
        assert data["ask"].strip()


@pytest.mark.parametrize("topic", TOPIC_NAMES)
def test_a_diagram_draws_the_seats_or_the_hands(topic: str) -> None:
    for q in drills(topic, count=10, seed=4):
        diagram = q.diagram
        if diagram is None:
            assert topic in ("cash_vs_tournament", "glossary")  # words, no table to draw
            continue
        assert diagram["kind"] in ("table", "hands")
        if diagram["kind"] == "table":
            assert diagram["seats"] and all(set(seat) == SEAT_KEYS for seat in diagram["seats"])
            assert all(len(seat["cards"]) in (0, 2) for seat in diagram["seats"])
        else:
            assert all(len(hand["cards"]) in (2, 5) for hand in diagram["hands"])
        assert all(re.fullmatch(r"[2-9TJQKA][cdhs]", card) for card in diagram["board"])


def test_a_betting_diagram_shows_each_players_chips_in_front_and_what_they_said() -> None:
    for q in at_level("min_raise", 1):
        hand = replayed(q)
        seats = q.diagram["seats"]
        assert [seat["bet"] for seat in seats] == list(hand.committed)
        assert [seat["stack"] for seat in seats] == list(hand.stacks)
        assert [seat["folded"] for seat in seats] == list(hand.folded)
        asked = next(seat for seat in seats if seat["mark"] == "you")
        assert asked["name"] == name(hand.actor)
        raised = [seat for seat in seats if seat["said"].startswith("raises to")]
        assert raised and all(str(seat["bet"]) in seat["said"] for seat in raised)
        assert q.diagram["board"] == [str(card) for card in hand.board]


def test_a_question_about_the_blinds_does_not_draw_them() -> None:
    for q in at_level("positions", 0):
        seats = q.diagram["seats"]
        assert all(seat["roles"] in ([], ["BTN"]) and seat["bet"] == 0 for seat in seats)


@pytest.mark.parametrize("topic", TOPIC_NAMES)
def test_the_right_choice_is_one_of_distinct_choices(topic: str) -> None:
    for q in drills(topic, count=10, seed=6):
        if q.choices is None:
            assert q.answer_index is None
            continue
        assert len(set(q.choices)) == len(q.choices) >= 2
        assert q.answer_index is not None and 0 <= q.answer_index < len(q.choices)


# ------------------------------------------------------------------ languages
_CJK = re.compile(r"[\u4e00-\u9fff]")
# What may be Latin in a Chinese text: card codes and ranks, players (A, p3), TDA.
# the names of the short-deck rule sets, UTG and Nuts (the seeds' own words) too.
_ALLOWED = re.compile(
    r"\bp\d+\b|\bTDA\b|\b(?:[2-9TJQKA][shdc])+\b|\b[A-F]\b|\b[JQKA]\b|\bUTG\b|\bTriton\b|\bWSOP\b|\bNuts\b"
)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("topic", TOPIC_NAMES)
def test_every_topic_is_asked_and_explained_in_the_language(topic: str, lang: str) -> None:
    for q in drills(topic, count=6, seed=8, lang=lang):
        assert q.prompt.strip() and q.explanation.strip()
        if lang != "en":
            assert _CJK.search(q.prompt) and _CJK.search(q.explanation)
        # Choices may be cards or players only, the same in every language.
        for text in [q.prompt, q.explanation, *(q.choices or ())]:
            if lang == "en":
                assert not _CJK.search(text), text
            else:
                leftover = _ALLOWED.sub("", text)
                assert not re.search(r"[A-Za-z]{2,}", leftover), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explanations_cite_the_tda_2026_and_the_beginners_details_never_files(lang: str) -> None:
    cited = 0
    for topic in TOPIC_NAMES:
        for q in drills(topic, count=TOPIC_LEVELS[topic], seed=11, lang=lang):
            assert not re.search(r"RULES\.md|§|seeds? 0\d\d|種子|种子", q.explanation), q.explanation
            assert not re.search(r"TDA (?!2026 )", q.explanation), q.explanation
            cited += "TDA 2026 " in q.explanation
    assert cited


def test_traditional_and_simplified_chinese_differ() -> None:
    hant = drills("all", count=len(TOPIC_NAMES), seed=2, lang="zh-Hant")
    hans = drills("all", count=len(TOPIC_NAMES), seed=2, lang="zh-Hans")
    assert [q.data for q in hant] == [q.data for q in hans]
    assert all(a.explanation != b.explanation for a, b in zip(hant, hans))


# --------------------------------------------------------------------- errors
def test_an_unknown_topic_is_refused_with_the_topics() -> None:
    with pytest.raises(PokerDealerError, match="unknown topic 'river': expected one of showdown"):
        drills("river", count=1, seed=1)


@pytest.mark.parametrize("count", [0, -1, 201])
def test_a_count_out_of_range_is_refused(count: int) -> None:
    with pytest.raises(PokerDealerError, match=r"expected 1 to 200"):
        drills("all", count=count, seed=1)


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(PokerDealerError, match="unknown language 'fr'"):
        drills("all", count=1, seed=1, lang="fr")


# ---------------------------------------------------------------------- judge
def test_judge_takes_the_number_of_the_right_choice() -> None:
    q = drills("action_order", count=1, seed=1)[0]
    assert q.choices is not None and q.answer_index is not None
    assert judge(q, str(q.answer_index + 1)) is True
    wrong = (q.answer_index + 1) % len(q.choices)
    assert judge(q, str(wrong + 1)) is False


def test_judge_takes_the_value_itself() -> None:
    q = drills("action_order", count=1, seed=1)[0]
    player = q.answer["next_to_act"]
    assert judge(q, player) is True and judge(q, player.upper()) is True
    q = drills("showdown", count=4, seed=1)[3]  # a split
    assert judge(q, " ".join(q.answer["winners"])) is True
    q = drills("side_pots", count=1, seed=1)[0]
    assert judge(q, " ".join(str(p["amount"]) for p in q.answer["pots"])) is True


def test_judge_says_when_it_cannot_read_an_answer() -> None:
    q = drills("min_raise", count=1, seed=1)[0]
    assert judge(q, "lots") is None
    assert judge(q, "") is None


def test_judge_reads_a_number_that_is_no_choice_as_no_answer() -> None:
    # Who acts next, with p2, p3 and p6 still in: "9" names no choice and p4 is not offered.
    q = Question(
        topic="action_order", level=1, prompt="Who acts next?", choices=("p2", "p3", "p6"),
        answer_index=0, answer={"next_to_act": "p2"}, explanation="", data={"phh": ""},
    )
    assert judge(q, "9") is None and judge(q, "0") is None and judge(q, "p4") is None
    assert judge(q, "3") is False  # choice 3 is p6
    assert judge(q, "1") is True and judge(q, "p2") is True and judge(q, "p6") is False


def test_judge_takes_0_for_may_not_raise() -> None:
    q = at_level("min_raise", 3)[0]
    assert q.answer == {"min_raise_to": None}
    assert judge(q, "0") is True and judge(q, "不能") is True
    assert judge(q, str(replayed(q).current_bet * 2)) is False


def test_judge_takes_any_five_cards_that_make_the_best_hand() -> None:
    q = drills("best_five", count=1, seed=1)[0]
    assert judge(q, q.answer["cards"]) is True
    assert judge(q, q.data["board"]) is (q.answer["cards"] == q.data["board"])
    assert judge(q, "2c 3c 4c 5c 7d") in (False,)  # cards that are not among the seven


# ------------------------------------------------------------- the rules taught
def _street_raises(q) -> list[int]:  # noqa: ANN001
    """The raise-to amounts of the street the PHH stops on, in order."""
    lines = [line.split("#")[0].strip() for line in q.data["phh"].split("\n")]
    actions = [line.strip('",') for line in lines if line.startswith('"')]
    last_deal = max((i for i, a in enumerate(actions) if a.startswith("d db")), default=-1)
    return [int(a.split()[2]) for a in actions[last_deal + 1 :] if " cbr " in a]


def test_min_raise_a_raise_must_add_at_least_the_last_full_raise() -> None:
    for level in (0, 1):
        for q in at_level("min_raise", level):
            hand = replayed(q)
            raises = [hand.config.blinds[1] if level == 0 else 0, *_street_raises(q)]
            increment = max(b - a for a, b in zip(raises, raises[1:]))
            assert q.answer["min_raise_to"] == raises[-1] + max(increment, hand.config.blinds[1])


def test_min_raise_a_short_all_in_does_not_make_the_minimum_raise_bigger() -> None:
    for q in at_level("min_raise", 2):
        hand = replayed(q)
        bb = hand.config.blinds[1]
        opened, all_in = _street_raises(q)
        assert all_in - opened < opened - bb  # short of a full raise
        assert q.answer["min_raise_to"] == all_in + (opened - bb)


def test_min_raise_a_short_all_in_does_not_reopen_the_betting() -> None:
    for q in at_level("min_raise", 3):
        hand = replayed(q)
        assert q.answer == {"min_raise_to": None}
        assert hand.legal().min_raise_to is None and hand.legal().call is not None


def test_min_raise_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting() -> None:
    for q in at_level("min_raise", 4):
        bet, first, second = _street_raises(q)
        assert first - bet < bet and second - first < bet and second - bet >= bet
        assert q.answer["min_raise_to"] == second + bet


def test_action_order_preflop_starts_left_of_the_big_blind() -> None:
    for q in at_level("action_order", 0):
        hand = replayed(q)
        assert q.answer["next_to_act"] == name((hand.config.big_blind_player + 1) % hand.config.player_count)


def test_action_order_after_the_flop_starts_left_of_the_button() -> None:
    for q in at_level("action_order", 1):
        hand = replayed(q)
        assert hand.street is Street.FLOP
        n = hand.config.player_count
        first = next(i for i in range(n) if not hand.folded[(hand.config.button + 1 + i) % n])
        assert q.answer["next_to_act"] == name((hand.config.button + 1 + first) % n)


def test_action_order_heads_up_button_first_preflop_big_blind_first_after() -> None:
    for q in at_level("action_order", 2):
        hand = replayed(q)
        big_blind = hand.config.big_blind_player
        expected = big_blind if hand.street is Street.FLOP else 1 - big_blind
        assert q.answer["next_to_act"] == name(expected)


def test_action_order_check_is_not_fold_the_big_blind_keeps_its_option() -> None:
    for q in at_level("action_order", 3):
        hand = replayed(q)
        assert hand.street is Street.PREFLOP and hand.current_bet == hand.config.blinds[1]
        assert q.answer["next_to_act"] == name(hand.config.big_blind_player)
        assert hand.legal().can_check and hand.legal().min_raise_to is not None


def test_action_order_skips_folded_and_all_in_players() -> None:
    for q in at_level("action_order", 4):
        hand = replayed(q)
        player = int(q.answer["next_to_act"][1:]) - 1
        assert not hand.folded[player] and hand.stacks[player] > 0
        assert hand.committed[player] < hand.current_bet


def _river_aggressors(q) -> list[str]:  # noqa: ANN001
    phh = q.data["phh"]
    river = phh[phh.rindex('"d db') :]
    return re.findall(r'"(p\d+) cbr', river)


def test_show_order_the_last_river_aggressor_shows_first() -> None:
    for level in (0, 2):
        for q in at_level("show_order", level):
            assert q.answer["first_to_show"] == _river_aggressors(q)[-1]


def test_show_order_without_a_river_bet_first_left_of_the_button_shows_first() -> None:
    for level in (1, 3):
        for q in at_level("show_order", level):
            hand = replayed(q)
            assert not _river_aggressors(q)
            n = hand.config.player_count
            live = [(hand.config.button + 1 + i) % n for i in range(n)]
            assert q.answer["first_to_show"] == name(next(i for i in live if not hand.folded[i]))


def test_show_order_a_turn_bet_does_not_decide_who_shows_first() -> None:
    for q in at_level("show_order", 3):
        phh = q.data["phh"]
        turn = phh[phh.index('"d db', phh.index('"d db') + 1) : phh.rindex('"d db')]
        bettor = re.findall(r'"(p\d+) cbr', turn)
        assert bettor and bettor[0] != q.answer["first_to_show"]


def test_show_order_an_all_in_called_turns_the_hands_up_only_once_nobody_can_bet() -> None:
    # Seed 004's first two cases: a model of TDA 2026 17 -- after the call, the hands are
    # tabled now exactly when at most one player still in has chips left to bet with.
    seen = set()
    for q in at_level("show_order", 4):
        hand = replayed(q)
        caller = hand.actor
        assert name(caller) == q.data["caller"] and any(s == 0 for s in hand.stacks)
        left = list(hand.stacks)
        left[caller] -= hand.legal().call  # what the caller has once the call is in
        can_bet = [i for i in range(hand.config.player_count) if not hand.folded[i] and left[i] > 0]
        assert q.answer["tabled_now"] == (len(can_bet) <= 1)
        assert q.choices is not None and q.choices[q.answer_index].startswith("Yes" if q.answer["tabled_now"] else "Not yet")
        seen.add(q.answer["tabled_now"])
    assert seen == {True, False}


def test_side_pots_a_short_all_in_wins_only_the_main_pot() -> None:
    for q in questions("side_pots"):
        contributions = q.data["contributions"]
        live = [p for p in contributions if p not in q.data["folded"]]
        shortest = min(live, key=contributions.get)
        pots = q.answer["pots"]
        assert shortest in pots[0]["eligible"]
        assert all(shortest not in pot["eligible"] for pot in pots[1:])


def test_side_pots_folded_chips_stay_in_but_folded_players_win_nothing() -> None:
    for q in at_level("side_pots", 1) + at_level("side_pots", 3):
        assert q.data["folded"]
        pots = q.answer["pots"]
        assert sum(pot["amount"] for pot in pots) == sum(q.data["contributions"].values())
        assert not any(set(q.data["folded"]) & set(pot["eligible"]) for pot in pots)


@pytest.mark.parametrize(("level", "hole_cards"), [(0, 2), (1, 1), (2, 0)])
def test_best_five_may_use_two_one_or_no_hole_cards(level: int, hole_cards: int) -> None:
    for q in at_level("best_five", level):
        hole = re.findall("..", q.data["hole"])
        assert sum(card in q.answer["cards"].split() for card in hole) == hole_cards


def test_best_five_a_hole_card_that_pairs_the_board_may_not_play() -> None:
    for q in at_level("best_five", 3):
        board_ranks = {card[0] for card in q.data["board"].split()}
        unused = [c for c in re.findall("..", q.data["hole"]) if c not in q.answer["cards"].split()]
        assert any(card[0] in board_ranks for card in unused)


def test_showdown_kickers_count_down_to_the_fifth_card() -> None:
    for q in at_level("showdown", 2):
        result = showdown(q.data["board"], q.data["hands"])
        decided = result.decision
        assert decided.step is Step.KICKER and len(q.answer["winners"]) == 1
        board = q.data["board"].split()
        winner_kicker = decided.deciding_cards[0 if decided.winner == "a" else 1][0]
        assert decided.kicker_index >= 2 or str(winner_kicker) in board


def test_showdown_a_board_that_plays_splits_the_pot() -> None:
    for q in at_level("showdown", 3):
        assert q.answer["winners"] == list(q.data["hands"])


def test_showdown_a_counterfeited_two_pair_loses() -> None:
    for q in at_level("showdown", 4):
        flop = q.data["board"].split()[:3]
        hole_a = re.findall("..", q.data["hands"]["A"])
        assert {c[0] for c in hole_a} <= {c[0] for c in flop}  # two pair on the flop
        assert q.answer["winners"] == ["B"]
