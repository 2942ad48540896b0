"""What ``pokerdealer replay`` does and prints: one hand street by street, many hands
summed up, and the JSON of each (the command and its contract are :mod:`pokerdealer.cli.replay`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.table import Table
from rich.text import Text

from pokerdealer.cli._app import console
from pokerdealer.cli._display import cards_text, progress_bar, puts_all_in
from pokerdealer.cli.evaluate import hand_json
from pokerdealer.errors import PokerDealerError
from pokerdealer.evaluation import evaluate
from pokerdealer.history.convert import (
    Replay,
    ReplayError,
    Tolerated,
    UnsupportedHistory,
    history_to_hand,
    unsupported_variant,
)
from pokerdealer.history.phh import HandHistory, HistoryError
from pokerdealer.history.sites import load_hands
from pokerdealer.i18n import join_names, message
from pokerdealer.learn.citations import cite
from pokerdealer.rules import Hand, RuleOptions
from pokerdealer.rules.actions import CALL, CHECK, FOLD, MUCK, RAISE, SHOW
from pokerdealer.table.awards import AwardStory, award_stories

__all__ = ["RULE_SETS", "replay_json", "replay_many", "rule_options"]

_STREET_KEYS = ("preflop", "flop", "turn", "river")


def _w(lang: str, key: str, **fields: object) -> str:
    """A word of the human output: the catalog entry ``replay.<key>`` (:mod:`pokerdealer.i18n`)."""
    return message(lang, f"replay.{key}", **fields)


def _labelled(lang: str, label: str, value: object) -> str:
    """``label: value`` with the language's colon (full-width in Chinese)."""
    return message(lang, "list.label", label=label, value=value)


# -- JSON ------------------------------------------------------------------------------------


def _label(i: int) -> str:
    return f"p{i + 1}"


def _json_number(value: Any) -> Any:
    """Numbers for JSON: ints stay ints, decimals become int or float."""
    if value is None or isinstance(value, (int, bool)):
        return value
    if value == int(value):
        return int(value)
    return float(value)


def _stories(replay: Replay) -> list[AwardStory]:
    """Each pot's story, with the names the replay prints (numbered when two players share one)."""
    names = replay.names
    return award_stories(
        replay.hand,
        names=[name if names.count(name) == 1 else _label(i) for i, name in enumerate(names)],
    )


def _pots(replay: Replay) -> list[dict[str, Any]]:
    hand = replay.hand
    result = hand.result
    if result is not None:
        return [
            {
                "amount": _json_number(replay.amount(award.amount)),
                "eligible": [_label(i) for i in story.contenders],
                "winners": [_label(i) for i in award.winners],
            }
            for award, story in zip(result.awards, _stories(replay), strict=True)
        ]
    return [
        {
            "amount": _json_number(replay.amount(pot.amount)),
            "eligible": [_label(i) for i in pot.eligible],
            "winners": [],
        }
        for pot in hand.pots
    ]


def _evaluated(hand: Hand, player: int) -> Any:
    board = hand.board
    if len(board) < 3:
        return None
    config = hand.config
    return evaluate(
        hand.hole_cards[player] + board,
        config.variant,
        trips_beat_straight=config.options.short_deck_trips_beat_straight,
    )


def _next(replay: Replay) -> dict[str, Any] | None:
    legal = replay.legal()
    if legal is None or legal.actor is None:
        return None
    return {
        "actor": _label(legal.actor),
        "legal": {
            "fold": legal.can_fold,
            "check": legal.can_check,
            "call": _json_number(legal.call),
            "min_raise_to": _json_number(legal.min_raise_to),
            "max_raise_to": _json_number(legal.max_raise_to),
            "show": legal.can_show,
            "muck": legal.can_muck,
        },
    }


def replay_json(replay: Replay, lang: str = "en") -> dict[str, Any]:
    """The ``replay --json`` object of one hand (see the module docstring)."""
    hand = replay.hand
    shown = hand.shown
    return {
        "finishing_stacks": [_json_number(s) for s in replay.finishing_stacks],
        "pots": _pots(replay),
        "showdown_order": [_label(i) for i in hand.showdown_order],
        "shown": {_label(i): [str(c) for c in cards] for i, cards in sorted(shown.items())},
        "mucked": [_label(i) for i in hand.mucked],
        "hands": {
            _label(i): hand_json(value, lang)
            for i in sorted(shown)
            if (value := _evaluated(hand, i)) is not None
        },
        "next": _next(replay),
        "check": replay.check,
        "warnings": [{"index": index, "message": message} for index, message in replay.warnings],
    }


def _error_json(error: PokerDealerError, history: HandHistory | None = None, lang: str = "en") -> dict[str, Any]:
    if isinstance(error, ReplayError):
        out = error.to_json()
        reason = error.params.get("reason") if error.key else None
        if reason is not None and lang != "en":  # the rules' words in the chosen language
            out["message"] = message(lang, reason["key"], **reason["params"])
        return out
    index = getattr(error, "index", None)
    action = None
    if history is not None and index is not None and index < len(history.actions):
        action = history.actions[index]
    if isinstance(error, UnsupportedHistory):
        rule = "unsupported"
    elif isinstance(error, HistoryError):
        rule = "bad_history"
    else:
        rule = "bad_input"
    text = getattr(error, "reason", None) or str(error)
    return {"index": index, "action": action, "player": None, "rule": rule, "message": text}


def _print_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


# -- human output: one hand --------------------------------------------------------------


def _fmt(value: Any) -> str:
    value = _json_number(value)
    return f"{value:,}" if isinstance(value, int) else str(value)


def _who(replay: Replay, i: int) -> str:
    name = replay.names[i]
    return _label(i) if name == _label(i) else f"{_label(i)} {name}"


def _print_hand(replay: Replay, lang: str, path: str) -> None:
    hand = replay.hand
    history = replay.history
    config = hand.config
    n = config.player_count
    head = Text(f"{path}  ", style="bold")
    head.append(f"{history.variant}, {_w(lang, 'player_count', n=n)}", style="")
    console.print(head)

    # Players, seats and forced bets.
    table = Table(show_header=False, box=None, padding=(0, 2, 0, 0))
    for _ in range(4):
        table.add_column()
    posts = {}
    small, big = config.blinds
    if small:
        posts[config.small_blind_player] = f"{_w(lang, 'small_blind')} {_fmt(replay.amount(small))}"
    posts[config.big_blind_player] = f"{_w(lang, 'big_blind')} {_fmt(replay.amount(big))}"
    for player, amount in zip(config.straddle_players, config.straddles):
        posts[player] = f"{_w(lang, 'straddle')} {_fmt(replay.amount(amount))}"
    for i in range(n):
        role = posts.get(i, "")
        if i == config.button:
            role = f"{role}, {_w(lang, 'button')}" if role else _w(lang, "button")
        known = replay.known_holes[i] if i < len(replay.known_holes) else None
        table.add_row(
            Text(_who(replay, i), style="bold"),
            Text(_fmt(replay.amount(config.stacks[i]))),
            cards_text(known if known is not None else (None, None)),
            Text(role, style="dim"),
        )
    console.print(table)
    if config.ante:
        key = f"ante_{config.ante_type.value}"
        console.print(Text(_w(lang, key, amount=_fmt(replay.amount(config.ante))), style="dim"))

    # Street by street, replaying the log on a fresh hand to see where streets begin.
    probe = Hand(config, hand.deck)
    known_board = replay.known_board
    printed = -1

    def header(index: int, pot: int | None) -> None:
        title = Text(_w(lang, _STREET_KEYS[index]), style="bold underline")
        if index:
            size = (0, 3, 4, 5)[index]
            title.append("  ")
            title.append_text(
                cards_text(known_board[k] if k < len(known_board) else None for k in range(size))
            )
        if pot is not None:
            title.append(f"   ({_w(lang, 'pot')} {_fmt(replay.amount(pot))})", style="dim")
        console.print(title)

    for action in hand.log:
        if action.kind in (SHOW, MUCK):
            break
        current = _street_index(len(probe.board))
        while printed < current:
            printed += 1
            header(printed, sum(pot.amount for pot in probe.pots) if printed == current else None)
        p = action.player
        assert p is not None
        is_bet = probe.raise_is_bet
        all_in = puts_all_in(probe, action)  # judged before: the last call may end the hand
        probe.apply(action)
        text = _describe_action(replay, action, lang, is_bet)
        if all_in:
            text += _w(lang, "all_in")
        console.print(Text(f"  {_who(replay, p)} {text}"))
    while printed < _street_index(len(hand.board)):  # a run-out after an all-in
        printed += 1
        header(printed, None)
    _print_showdown(replay, lang)
    _print_pots(replay, lang)
    _print_ending(replay, lang)


def _street_index(board_size: int) -> int:
    return {0: 0, 3: 1, 4: 2, 5: 3}[board_size]


def _describe_action(replay: Replay, action: Any, lang: str, is_bet: bool) -> str:
    kind = action.kind
    if kind == FOLD:
        return _w(lang, "fold")
    if kind == CHECK:
        return _w(lang, "check")
    if kind == CALL:
        return _w(lang, "call", amount=_fmt(replay.amount(action.amount)))
    if kind == RAISE:
        key = "bet" if is_bet else "raise"
        return _w(lang, key, amount=_fmt(replay.amount(action.amount)))
    return kind


def _print_showdown(replay: Replay, lang: str) -> None:
    hand = replay.hand
    order = hand.showdown_order
    if not order:
        return
    console.print(Text(_w(lang, "showdown"), style="bold underline"))
    shows = [a for a in hand.log if a.kind in (SHOW, MUCK)]
    if not shows and hand.shown:
        console.print(Text("  " + _w(lang, "tabled"), style="dim"))
    else:
        first = order[0]
        aggressor = _last_aggressor(hand)
        if aggressor is not None and aggressor == first:
            street = _w(lang, _STREET_KEYS[_street_index(len(hand.board))])
            reason = _w(lang, "first_aggressor", name=_who(replay, first), street=street)
        else:
            reason = _w(lang, "first_left", name=_who(replay, first))
        console.print(Text("  " + reason, style="dim"), soft_wrap=True)
    for i in order:
        line = Text(f"  {_who(replay, i)} ")
        if i in hand.shown and i in hand.unknown:
            # Stand-in cards (the file never states them): never shown as theirs.
            line.append(_w(lang, "show", cards="?? ??"))
        elif i in hand.shown:
            line.append(_w(lang, "show", cards=""))
            line.append_text(cards_text(hand.hole_cards[i]))
            value = _evaluated(hand, i)
            if value is not None:
                line.append(f"  {value.describe(lang)}", style="italic")
        elif i in hand.mucked:
            line.append(_w(lang, "muck"))
        else:
            continue
        console.print(line)


def _last_aggressor(hand: Hand) -> int | None:
    """Who bet or raised last in the last betting round that was played."""
    probe = Hand(hand.config, hand.deck)
    last: int | None = None
    board = 0
    for action in hand.log:
        if action.kind in (SHOW, MUCK):
            break
        if len(probe.board) != board:
            board, last = len(probe.board), None
        probe.apply(action)
        if action.kind == RAISE:
            last = action.player
    if len(probe.board) != board:
        return None
    return last


def _print_pots(replay: Replay, lang: str) -> None:
    hand = replay.hand
    result = hand.result
    if result is None:
        return
    console.print(Text(_w(lang, "pots"), style="bold underline"))
    stories = _stories(replay)
    for k, award in enumerate(result.awards):
        title = _w(lang, "main_pot") if k == 0 else _w(lang, "side_pot", n=k)
        amount = _fmt(replay.amount(award.amount))
        winners = [_who(replay, i) for i in award.winners]
        if len(winners) == 1:
            outcome = _w(lang, "wins", name=winners[0], amount=amount)
        else:
            outcome = _w(lang, "split", names=winners, amount=amount)  # joined by list.separator
        console.print(Text(f"  {_labelled(lang, title, outcome)}", style="bold"))
        story = stories[k]
        # Folded: one word; the others mucked or hands compared: who, and why (table.awards).
        why = _w(lang, "uncontested") if story.how == "folded" else story.text(lang)
        if why:
            console.print(Text(f"    {why}", style="dim"))
        shares = message(lang, "list.separator").join(
            f"{_who(replay, i)} +{_fmt(replay.amount(chips))}" for i, chips in award.shares.items()
        )
        if len(award.shares) > 1:
            console.print(Text(f"    {shares}", style="dim"))
            least = min(award.shares.values())
            odd = [_who(replay, i) for i, chips in award.shares.items() if chips > least]
            if odd:  # an uneven split: say who got the odd chip and by which rule
                key = "odd_chip.one" if len(odd) == 1 else "odd_chip"
                cited = cite(lang, "odd-chips")
                console.print(Text("    " + _w(lang, key, names=join_names(odd, lang), cite=cited), style="dim"))


def _print_ending(replay: Replay, lang: str) -> None:
    hand = replay.hand
    legal = replay.legal()
    if legal is not None and legal.actor is not None:
        console.print(
            Text(_w(lang, "next", name=_who(replay, legal.actor), legal=legal.describe()),
                 style="bold yellow")
        )
    table = Table(title=_w(lang, "stacks"), title_justify="left", box=None, padding=(0, 2, 0, 0))
    table.add_column()
    table.add_column(justify="right")
    expected = replay.history.finishing_stacks
    if expected is not None:
        table.add_column(_w(lang, "recorded"), justify="right")
    for i, stack in enumerate(replay.finishing_stacks):
        start = replay.amount(hand.starting_stacks[i])
        delta = stack - start  # type: ignore[operator]
        got = Text(_fmt(stack))
        if delta:
            got.append(f" ({'+' if delta > 0 else ''}{_fmt(delta)})",
                       style="green" if delta > 0 else "red")
        row = [Text(_who(replay, i)), got]
        if expected is not None:
            row.append(Text(_fmt(expected[i])))
        table.add_row(*row)
    console.print(table)
    check = replay.check
    style = {"match": "green", "mismatch": "bold red"}.get(check, "dim")
    console.print(Text(_w(lang, check), style=style))
    if replay.warnings:
        console.print(Text(_w(lang, "warnings"), style="bold yellow"))
        for index, message in replay.warnings:
            where = f"actions[{index}] " if index is not None else ""
            # A tolerated line knows its catalog key: said in the reader's language.
            said = message.said(lang) if isinstance(message, Tolerated) else message
            console.print(Text(f"  {where}{said}", style="yellow"))


# -- many hands -------------------------------------------------------------------------


#: ``--rules``: whose reading of the rules a hand is replayed under.
RULE_SETS: dict[str, Callable[[], RuleOptions]] = {
    "tda": RuleOptions,  # docs/rules.md's defaults (TDA, WSOP)
    "pokerkit": RuleOptions.pokerkit,  # PokerKit 0.7's choices, for files PokerKit wrote
}


def rule_options(name: str) -> RuleOptions:
    """The :class:`~pokerdealer.rules.RuleOptions` of a ``--rules`` name.

    >>> rule_options("pokerkit").odd_chips
    <OddChips.ALL_TO_FIRST: 'all_to_first'>
    """
    try:
        return RULE_SETS[name]()
    except KeyError:
        raise PokerDealerError(f"--rules {name!r}: expected one of {', '.join(RULE_SETS)}") from None


def replay_many(
    path: Path,
    *,
    auto_showdown: bool = False,
    show_progress: bool = False,
    options: RuleOptions | None = None,
    lang: str = "en",
) -> dict[str, Any]:
    """Replay every hand under ``path`` (under ``options``, default docs/rules.md's);
    the ``replay --json`` object of many hands (the rules' refusals in ``lang``).
    A ``path`` with no hand at all is refused (:class:`PokerDealerError`)."""
    summary = Counter(
        {"hands": 0, "match": 0, "mismatch": 0, "no_finishing_stacks": 0, "rejected": 0,
         "skipped": 0}
    )
    mismatches: list[dict[str, Any]] = []
    rejected: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    items = list(load_hands(path))
    if not items:  # a summary of nothing would read as success
        what = (
            "no .phh, .phhs or PokerStars .txt files in the folder or its subfolders"
            if path.is_dir()
            else "no hands in the file"
        )
        raise PokerDealerError(f"{path}: {what}; nothing to replay")
    progress = progress_bar("[bold]replay", enabled=show_progress)
    with progress:
        task = progress.add_task("replay", total=len(items))
        for name, history in items:
            progress.advance(task)
            if isinstance(history, UnsupportedHistory):
                # A PokerStars hand of a game the engine does not play (Omaha in a
                # mixed file): named with why, the file's other hands replayed.
                summary["skipped"] += 1
                skipped.append({"path": name, "variant": None, "reason": history.reason})
                continue
            if isinstance(history, HistoryError):
                summary["rejected"] += 1
                rejected.append({"path": name, "error": _error_json(history)})
                continue
            if not history.is_holdem:
                summary["skipped"] += 1
                skipped.append({"path": name, "variant": history.variant,
                                "reason": unsupported_variant(history.variant)})
                continue
            try:
                replay = history_to_hand(history, options=options, auto_showdown=auto_showdown)
            except UnsupportedHistory as error:
                summary["skipped"] += 1
                skipped.append({"path": name, "variant": history.variant, "reason": error.reason})
                continue
            except PokerDealerError as error:
                summary["rejected"] += 1
                rejected.append({"path": name, "error": _error_json(error, history, lang)})
                continue
            summary["hands"] += 1
            check = replay.check
            summary[check] += 1
            if check == "mismatch":
                mismatches.append({
                    "path": name,
                    "expected": [_json_number(s) for s in history.finishing_stacks or ()],
                    "got": [_json_number(s) for s in replay.finishing_stacks],
                })
    return {"summary": dict(summary), "mismatches": mismatches, "rejected": rejected,
            "skipped": skipped}


def _print_batch(results: dict[str, Any], lang: str) -> None:
    summary = results["summary"]
    table = Table(title=_w(lang, "summary"), title_justify="left", show_header=False)
    table.add_column()
    table.add_column(justify="right")
    rows = [
        ("hands", "hands", ""),
        ("matches", "match", "green"),
        ("mismatches", "mismatch", "red"),
        ("no_stacks", "no_finishing_stacks", ""),
        ("rejected", "rejected", "red"),
        ("skipped", "skipped", "dim"),
    ]
    for word, key, style in rows:
        count = summary[key]
        table.add_row(Text(_w(lang, word)), Text(f"{count:,}", style=style if count else ""))
    console.print(table)
    for item in results["mismatches"]:
        # soft_wrap: a long path is left whole for the terminal to wrap (rich would break it, and a
        # path broken by a newline can no longer be copied).
        console.print(Text(_labelled(lang, _w(lang, "mismatches"), item["path"]), style="red"), soft_wrap=True)
        console.print(Text(f"  {_labelled(lang, _w(lang, 'recorded'), item['expected'])}"))
        console.print(Text(f"  {_labelled(lang, _w(lang, 'replayed'), item['got'])}"))
    for item in results["rejected"]:
        error = item["error"]
        where = f" actions[{error['index']}]" if error.get("index") is not None else ""
        console.print(
            Text(
                _labelled(
                    lang, _w(lang, "rejected"), _labelled(lang, f"{item['path']}{where}", error["message"])
                ),
                style="red",
            ),
            soft_wrap=True,
        )
    for item in results["skipped"]:
        if item["variant"] is None:  # a PokerStars hand not read: which one, and why
            console.print(
                Text(_labelled(lang, _w(lang, "skipped"), _labelled(lang, item["path"], item["reason"])), style="dim"),
                soft_wrap=True,
            )
    variants = Counter(item["variant"] for item in results["skipped"] if item["variant"] is not None)
    if variants:
        listed = message(lang, "list.separator").join(f"{v} {c}" for v, c in sorted(variants.items()))
        console.print(Text(_labelled(lang, _w(lang, "skipped"), listed), style="dim"))
