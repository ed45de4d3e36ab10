"""What a plug-in game's screens may use of the app: the one public module for their authors.

A game from another package (docs/plugins.md walks through one, Pebbles, in
tests/plugin/pebbles/) imports the app's side from here only; every other module of `widgets`
may change without notice. Each name below is the very one the four games use.

Screens
- `SetupScreen`: a setup. `ctrl+s` calls its `action_start`, which builds the setup and calls
  `self.companion.start_game(GAME_ID, setup, title)`: a setup the rules refuse (`start` raises
  `RuleError`) is said in a notification there and nothing is created; `escape` goes home.
- `GameScreen`: a game in play. It composes its widgets, redraws them from `self.state` in
  `refresh_state`, and sends each key's action through `self.act(action)` (a `RuleError` is a
  notification, nothing written). Undo, redo, the result, the table view (`v`), seats (`@`) and
  every other device come with it.
- `HELP_TOPIC`: the class attribute F1 reads on any screen. Set it to the game id on the setup
  and play screens (the base `GameScreen` says `"home"`): F1 then shows the game's
  `GameUI.help_text`, Markdown shipped in the package (`packaged_help`).
- `palette_commands()`: a `GameScreen` method; yield `SystemCommand(f"{prefix}: ...", help,
  callback)` after `super().palette_commands()` (undo, redo, sit as) for each action the
  command palette (`ctrl+p`) should offer.
- `Dialog`, `Answers`: a modal question that answers once, its buttons laid out to fit a phone.

Header, footer and keys
- `TitleHeader`, `KeyFooter`: the app's header and footer; compose them first and last on every
  screen. `KeyFooter` fits whole keys at any width (a phone's 40 columns included) and keeps `?`,
  which lists every key of the screen (the screen's own `BINDINGS`, a plug-in's included) and
  runs one on a tap. Textual's own `Footer` cuts keys on a narrow screen: do not use it.
  Give each `Binding` an `id=` and a description a player understands.

Setup
- `FieldRow(label, field)`: one row of a setup's form; its styles are in `SETUP_CSS` (put it in
  the screen's `CSS_PATH`); every `Input` has the app's field look by itself.
- `PlayersField(settings, game_id, defaults)`: the players, comma-separated, offering the last
  game's players and completing known names; `.names` reads them (`split_names` reads any such
  text). `last_players`, `known_names` read the same lists; `remember_players` keeps them when
  the game starts.

Dice
- `DieRollDialog(dice, ask, take, label)`: the physical-first die prompt. The real dice's faces
  are typed first; `r` rolls in the app (`self.companion.rng`); `take(roll)` applies the roll,
  and once it answers True the roll joins the one roll history (`companion rolls`, the tray).
- `RollPrompt`, `FacesInput`, `convention`: its parts, for a prompt inside a screen of its own.
  A roll made without the dialog joins the history with `self.companion.rolls.add(roll, label)`.

Words in the reader's language (docs/translating.md)
- A `Binding`'s description and any words made at import are `companion.phrases.phrase(...)`:
  the footer, `?` and the palette say them in the language in use. Words shown now are
  `lang.t(...)`; what the rules said (a `RuleError`, a log line) is shown with `lang.tr(...)`;
  a notification translates the phrases it is given. Any plain `str` is shown as it is.
- A screen composed again after a switch of language (`L`, "Language") gets `spoken_again()`
  called once recomposed: set up there again what its `on_mount` sets on its widgets (a border's
  title), after `super().spoken_again()` on a `GameScreen`.

Text and views
- `plain(text)`: text as data (never Rich markup) for a `Static` or a `Label`; a name a player
  typed goes through it. `ActionLog`: the game's log (`log.show(self.session.steps)`).
- `TableContent`, `Group`, `Figure`: what `GameUI.table_view` returns for the table view.
- `GameUI`: what the entry point of the group `companion.screens` names; `packaged_help(package)`
  its `help_text` from the `help.md` shipped in the package.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources

from textual.app import SystemCommand

from widgets.dice.ask import DieRollDialog
from widgets.dice.prompt import FacesInput, RollPrompt, convention
from widgets.kit.players import known_names, last_players, remember_players
from widgets.kit.setup_form import SETUP_CSS, FieldRow, PlayersField, split_names
from widgets.kit.shown import plain
from widgets.play.action_log import ActionLog
from widgets.play.game_screen import GameScreen
from widgets.shell.base import Answers, Dialog, SetupScreen
from widgets.shell.chrome import KeyFooter, TitleHeader
from widgets.shell.games import GameUI
from widgets.table_view.figures import Figure, Group, TableContent


def packaged_help(package: str, name: str = "help.md") -> Callable[[], str]:
    """`GameUI.help_text` for Markdown shipped inside a package (`packaged_help("pebbles")`),
    read when F1 is pressed."""

    def read() -> str:
        return resources.files(package).joinpath(name).read_text(encoding="utf-8")

    return read


__all__ = [
    "SETUP_CSS",
    "ActionLog",
    "Answers",
    "Dialog",
    "DieRollDialog",
    "FacesInput",
    "FieldRow",
    "Figure",
    "GameScreen",
    "GameUI",
    "Group",
    "KeyFooter",
    "PlayersField",
    "RollPrompt",
    "SetupScreen",
    "SystemCommand",
    "TableContent",
    "TitleHeader",
    "convention",
    "known_names",
    "last_players",
    "packaged_help",
    "plain",
    "remember_players",
    "split_names",
]
