"""Why each pot went where it went, in words -- the one place that decides it
for the room's showdown panel, ``play`` and ``replay``.

A pot can be won three ways, and the words must not mix them up:

- everyone else **folded** before the showdown;
- the hand **went to a showdown** and the others **mucked** (threw their cards
  away unseen; the last live hand wins without being compared, seed article
  004: 無爭議的攤牌);
- two or more hands were **shown** and compared (the evaluator says which
  step decided).

The engine drops a mucked hand from the pots it forfeits, so a pot's
``eligible`` after the hand names only the winner; :func:`award_stories`
finds who was contesting it before anyone mucked.

>>> from pokerdealer.cards import parse_cards
>>> from pokerdealer.rules import Hand, HandConfig, Street, deck_for_deal
>>> config = HandConfig(stacks=(100, 100), blinds=(1, 2), players=("Ann", "Bob"))
>>> holes = [parse_cards("As Ah"), parse_cards("Kd 9c")]
>>> hand = Hand(config, deck_for_deal(config, holes, parse_cards("Ad Qs 7h 3c 2d")))
>>> while hand.street is not Street.SHOWDOWN:
...     _ = hand.check_or_call()
>>> _ = hand.show(); _ = hand.muck()  # Ann shows first, Bob mucks
>>> [story.text("en") for story in award_stories(hand)]
['Ann wins with three of a kind, aces, kickers Q 7: Bob mucked without showing']
>>> print(award_stories(hand)[0].text("zh-Hant"))
Ann以三條A，踢腳Q 7贏：Bob蓋牌，沒有攤開

Two hands compared: what decided, in a few words, and the winner's deciding card.

>>> holes = [parse_cards("As Kd"), parse_cards("Ah 9c")]
>>> hand = Hand(config, deck_for_deal(config, holes, parse_cards("Ad Qs 7h 3c 2d")))
>>> while not hand.is_complete:
...     _ = hand.check_or_call() if hand.street is not Street.SHOWDOWN else hand.show()
>>> (story,) = award_stories(hand)
>>> story.deciding_words("en"), story.deciding_words("zh-Hans"), story.deciding_cards()
('the first kicker: K♦ beats Q♠', '第一张踢脚：K♦赢Q♠', {0: (Card('Kd'),)})
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerdealer.cards import Card
from pokerdealer.evaluation import evaluate
from pokerdealer.evaluation.explain import Step, card_label, deciding_cards_of, deciding_part
from pokerdealer.evaluation.showdown import ShowdownResult, showdown
from pokerdealer.i18n import join_names, message, you_key
from pokerdealer.rules import Hand

__all__ = ["AwardStory", "award_stories"]


@dataclass(frozen=True)
class AwardStory:
    """One pot's outcome: who contested it, who showed, who mucked, who won.

    ``contenders`` are the players still in when the pot was decided (before
    anyone mucked); ``shown`` and ``mucked`` are among them. ``names`` holds
    every player's name, by index.
    """

    winners: tuple[int, ...]
    contenders: tuple[int, ...]
    shown: tuple[int, ...]
    mucked: tuple[int, ...]
    names: tuple[str, ...]
    board: tuple[Card, ...]
    holes: tuple[tuple[Card, ...], ...]
    variant: str
    trips_beat_straight: bool = True
    #: 0: the main pot (or the only one); k: side pot k (a split is said of that pot).
    pot: int = 0
    #: Players whose cards are not known (a hand history's ``????``: Hand.unknown).
    unknown: tuple[int, ...] = ()
    #: 0: the first run (or the only one); 1: the second run of a hand run twice,
    #: whose ``board`` this story's is (its pot is that run's half).
    run: int = 0

    @property
    def how(self) -> str:
        """``folded``, ``mucked``, ``all_mucked`` or ``showdown``."""
        if len(self.contenders) == 1:
            return "folded"
        if self.winners[0] in self.mucked:
            # RuleOptions.all_in_may_muck: every hand in a side pot mucked, the winner last.
            return "all_mucked"
        if len(self.contenders) - len(self.mucked) == 1:
            return "mucked"
        return "showdown"

    def text(self, lang: str) -> str:
        """Why the winner(s) won this pot, in ``lang``."""
        names = self.names
        mucked = join_names([names[i] for i in self.mucked], lang)
        how = self.how
        if how == "folded":
            winner = names[self.winners[0]]
            return message(lang, you_key("award.folded", [winner]), name=winner)
        if how == "all_mucked":
            winner = self.winners[0]
            others = join_names([names[i] for i in self.mucked if i != winner], lang)
            return message(lang, you_key("award.all_mucked", [names[winner]]), name=names[winner], mucked=others)
        if how == "mucked":
            winner = self.winners[0]
            if winner in self.shown and len(self.board) >= 3:
                value = evaluate(
                    self.holes[winner] + self.board, self.variant,  # type: ignore[arg-type]
                    trips_beat_straight=self.trips_beat_straight,
                )
                return message(
                    lang, you_key("award.mucked.shown", [names[winner]]), name=names[winner], hand=value.describe(lang),
                    mucked=mucked,
                )
            return message(lang, you_key("award.mucked", [names[winner]]), name=names[winner], mucked=mucked)
        compared = self._compared()
        hidden = [names[i] for i in self.contenders if i in self.unknown and i not in self.mucked]
        if hidden and len(compared) < 2:
            if not compared:
                return message(lang, "award.unknown_split", names=join_names(hidden, lang))
            winner = names[self.winners[0]]
            return message(lang, "award.unknown", name=winner, unknown=join_names(hidden, lang))
        outcome = self._showdown(lang)
        if outcome is None:  # pragma: no cover - hold'em shows on a full board
            return message(lang, "award.shown", names=join_names(list(compared), lang))
        text = outcome.explain(lang, pot=self.pot)
        if self.mucked:
            text += message(lang, "award.also_mucked", mucked=mucked)
        return text

    def _compared(self) -> dict[str, tuple[Card, ...]]:
        """The hands shown for this pot, by name: an unknown hand is never compared (its
        cards are stand-ins, issue 24)."""
        return {self.names[i]: self.holes[i] for i in self.contenders if i in self.shown and i not in self.unknown}

    def _showdown(self, lang: str = "en") -> ShowdownResult | None:
        """The shown hands compared, when this pot went to two or more of them on a board."""
        compared = self._compared()
        if self.how != "showdown" or len(compared) < 2 or len(self.board) < 3:
            return None
        return showdown(
            self.board, compared, variant=self.variant, lang=lang,  # type: ignore[arg-type]
            trips_beat_straight=self.trips_beat_straight,
        )

    def deciding_cards(self) -> dict[int, tuple[Card, ...]]:
        """Each winner's own cards that decided this pot against the best hand it beat (the
        kicker, the pair...; a board card too), by player; empty when no card did: the kind
        of hand decided (no card of a flush beats a straight: the flush does), the hands
        tied, or none were compared."""
        outcome = self._showdown()
        if outcome is None or outcome.decision.step in (Step.CATEGORY, Step.IDENTICAL):
            return {}
        player = {self.names[i]: i for i in self.contenders}
        return {player[name]: deciding_cards_of(outcome.decision, outcome.hands[name]) for name in outcome.winners}

    def deciding_words(self, lang: str) -> str | None:
        """What decided this pot, in a few words for the felt: the step and the cards
        compared there, the winner's first (seed article 000: "第三張踢腳：8贏7");
        None when no card decided (:meth:`deciding_cards`)."""
        outcome = self._showdown(lang)
        if outcome is None or outcome.decision.step in (Step.CATEGORY, Step.IDENTICAL):
            return None
        decision = outcome.decision
        win, lose = decision.deciding_cards if decision.winner == "a" else decision.deciding_cards[::-1]
        return message(
            lang, "award.decides", part=deciding_part(decision, lang),
            win=" ".join(card_label(c) for c in win), lose=" ".join(card_label(c) for c in lose),
        )


def _before_showdown(hand: Hand) -> Hand:
    """The hand replayed up to the first show or muck (every bet in, nobody mucked yet)."""
    probe = Hand(hand.config, hand.deck)
    for action in hand.log:
        if action.kind in ("show", "muck"):
            break
        probe.apply(action)
    return probe


def award_stories(hand: Hand, *, names: Sequence[str] | None = None) -> list[AwardStory]:
    """One :class:`AwardStory` per pot of the finished ``hand`` (main pot first); a
    hand run twice has one per pot and run, the first run's first, each told on
    its own board.

    ``names`` replaces the players' names (``replay`` numbers players with the
    same name). Pots before and after the mucks are the same layers of the
    same contributions (a muck only removes levels), so each pot before the
    showdown falls inside exactly one awarded pot: walking both by their
    running totals pairs them.
    """
    result = hand.result
    if result is None:
        raise ValueError("the hand is not over: no pot has been awarded yet")
    who = tuple(names) if names is not None else tuple(hand.config.players)
    # Each award's pot: a hand run twice awards every pot twice, a half a run
    # (rules.run_twice): the k-th award of each run is the k-th pot.
    pot_of: list[int] = []
    counted = [0, 0]
    for award in result.awards:
        pot_of.append(counted[award.run])
        counted[award.run] += 1
    pots = hand.pots
    contenders: list[set[int]] = [set(pot.eligible) for pot in pots]
    if result.mucked or (result.showdown_order and hand.config.options.kill_beaten_hands_first):
        # A muck, or a beaten hand killed before the pots were pushed (PokerKit's
        # order), leaves the pot's eligible list with the winner alone: the
        # contenders are those in the pot before the showdown (never "uncontested").
        before = _before_showdown(hand).pots
        k, total_after = 0, pots[0].amount
        total_before = 0
        for pot in before:
            total_before += pot.amount
            while total_before > total_after and k + 1 < len(pots):
                k += 1
                total_after += pots[k].amount
            contenders[k] |= set(pot.eligible)
    boards = hand.boards
    stories = []
    for award, k in zip(result.awards, pot_of, strict=True):
        ordered = tuple(sorted(contenders[k]))
        stories.append(
            AwardStory(
                winners=tuple(award.winners),
                contenders=ordered,
                shown=tuple(p for p in ordered if p in result.shown),
                mucked=tuple(p for p in ordered if p in result.mucked),
                names=who,
                board=boards[award.run],
                holes=hand.hole_cards,
                variant=hand.config.variant,
                trips_beat_straight=hand.config.options.short_deck_trips_beat_straight,
                pot=k,
                unknown=tuple(p for p in ordered if p in hand.unknown),
                run=award.run,
            )
        )
    return stories
