"""The ``replay`` command: replay PHH hand histories through the rules.

::

    pokerdealer replay PATH [--json] [--auto-showdown] [--rules tda|pokerkit]
                            [--lang en|zh-Hant|zh-Hans]

``PATH`` is a ``.phh`` file (one hand), a ``.phhs`` file, a folder (searched
recursively for ``.phh``, ``.phhs`` and the sites' files), or a poker site's hand
history file (PokerStars, Full Tilt, 888, PartyPoker, Winamax, Winning/ACR,
GGPoker, iPoker, Bovada/Ignition, Merge, OnGame, Microgaming, Entraction: ``.txt``, ``.xml``; one hand or many, the
site told from the text; see :mod:`pokerdealer.history.sites`). A folder
or file with no hand in it, and a folder named like a file (``x.phh``), are
refused (exit status 2), not summed up as nothing replayed.

``--rules`` says whose reading of the rules the hands are replayed under:
``tda`` (the default) is docs/rules.md's (TDA, WSOP); ``pokerkit`` is PokerKit's
(:meth:`RuleOptions.pokerkit() <pokerdealer.rules.RuleOptions.pokerkit>`:
a straddle is raised by a big blind, odd chips all go to the first winner,
a straight beats trips in short deck...), so a file PokerKit wrote replays to
PokerKit's finishing stacks.

One hand: the hand street by street, the pots, who showed first and why, who
won what and why. ``--json`` prints (a contract)::

    {"finishing_stacks": [...],
     "pots": [{"amount": 36, "eligible": ["p1", "p2", "p3"], "winners": ["p2"]}],
     "showdown_order": ["p2", "p3", "p1"], "shown": {"p2": ["As", "Kd"]}, "mucked": ["p1"],
     "hands": {"p2": {<the eval fields>}},
     "next": null | {"actor": "p3", "legal": {"fold": true, "check": false, "call": 60,
                                              "min_raise_to": 100, "max_raise_to": 980,
                                              "show": false, "muck": false}},
     "check": "match" | "mismatch" | "no_finishing_stacks",
     "warnings": [{"index": 7, "message": "..."}]}

Players are PHH positions (``p1`` = small blind). ``next`` is set when the file
stops before the hand ends; ``call`` is ``null`` when checking is possible,
``min_raise_to``/``max_raise_to`` ``null`` when raising is closed.
``--auto-showdown`` finishes a hand left at the showdown the online way.
A hand that does not end with its recorded finishing stacks exits with status
1, as in the many-hands mode.

Many hands: a progress bar, then a summary; ``--json`` prints::

    {"summary": {"hands", "match", "mismatch", "no_finishing_stacks", "rejected", "skipped"},
     "mismatches": [{"path", "expected", "got"}],
     "rejected": [{"path", "error": {"index", "action", "player", "rule", "message"}}],
     "skipped": [{"path", "variant", "reason"}]}

``hands`` counts the hands replayed (``match + mismatch + no_finishing_stacks``);
``skipped`` the hands of variants (or setups) the engine does not play. The
exit status is 1 when a hand is rejected or does not match, else 0.
A site's file is read hand by hand: a hand that cannot be read is
rejected as ``FILE.txt[#hand number]`` with why (an Omaha hand in a mixed
file is skipped, ``variant`` ``null``, with its reason), and the file's other
hands are replayed.

An illegal action in a single hand exits with status 2 and one line naming the
action's index in ``actions`` (from 0), the player, the rule and what was
legal; with ``--json`` the same as ``{"error": {"index", "action", "player",
"rule", "message"}}`` on standard output. Bad input (unreadable TOML, an
unknown variant, a bad card) is reported the same way, never as a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pokerdealer._lazy import lazy_exports
from pokerdealer.cli._app import app, error_console, fail, reports_errors
from pokerdealer.cli._options import option_value
from pokerdealer.errors import PokerDealerError

if TYPE_CHECKING:
    from pokerdealer.cli._replay import RULE_SETS, replay_json, replay_many, rule_options
    from pokerdealer.history.phh import HandHistory

__all__ = ["RULE_SETS", "replay_command", "replay_json", "replay_many", "rule_options"]

# The replay itself (the rules, the histories, rich) loads when the command runs,
# not for --help.
_EXPORTS = dict.fromkeys(("RULE_SETS", "replay_json", "replay_many", "rule_options"), "pokerdealer.cli._replay")
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)


@app.command("replay")
@reports_errors
def replay_command(
    path: Annotated[Path, typer.Argument(metavar="PATH", help="A .phh or .phhs file, a folder, or a poker site's hand history (.txt, .xml).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    auto_showdown: Annotated[
        bool,
        typer.Option("--auto-showdown", help="Finish a hand left at the showdown the online way."),
    ] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language: en, zh-Hant or zh-Hans.")] = "en",
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            help=(
                "tda (docs/rules.md, the default) or pokerkit"
                " (PokerKit's choices, for its files)."
            ),
        ),
    ] = "tda",
) -> None:
    """Replay PHH hand histories through the rules and check their finishing stacks."""
    from pokerdealer.cli._replay import (
        _error_json,
        _print_batch,
        _print_hand,
        _print_json,
        replay_json,
        replay_many,
        rule_options,
    )
    from pokerdealer.history.convert import history_to_hand
    from pokerdealer.history.sites import holds_many_hands, load_one
    from pokerdealer.i18n import check_lang, message

    with option_value("--lang", lang):
        check_lang(lang)
    options = rule_options(rules)
    if not path.exists():
        raise fail(f"{path}: no such file or folder")
    if path.is_dir() and path.suffix in (".phh", ".phhs", ".txt"):
        raise fail(
            f"{path} is a folder, not a {path.suffix} file: give the file itself "
            f"(or, to replay the folder, rename it without {path.suffix})"
        )
    if holds_many_hands(path):
        results = replay_many(
            path,
            options=options,
            auto_showdown=auto_showdown,
            show_progress=not as_json and error_console.is_terminal,
            lang=lang,
        )
        if as_json:
            _print_json(results)
        else:
            _print_batch(results, lang)
        summary = results["summary"]
        if summary["mismatch"] or summary["rejected"]:
            raise typer.Exit(1)
        return
    history: HandHistory | None = None
    try:
        history = load_one(path)
        replay = history_to_hand(history, options=options, auto_showdown=auto_showdown)
    except PokerDealerError as error:
        if as_json:
            _print_json({"error": _error_json(error, history, lang)})
            raise typer.Exit(2) from None
        if error.key:  # the rules' refusal, in the chosen language
            raise fail(message(lang, error.key, **error.params)) from None
        raise
    if as_json:
        _print_json(replay_json(replay, lang))
    else:
        _print_hand(replay, lang, str(path))
    if replay.check == "mismatch":
        raise typer.Exit(1)
