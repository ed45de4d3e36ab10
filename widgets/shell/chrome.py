"""The header, footer and command palette every screen shares: Textual's own, with their edges
fixed.

Textual's header and footer draw their parts with private widgets (`textual.widgets._header`,
`_footer`); here those parts are built on public ones (their look in `widgets/companion.tcss`), so
that nothing of Textual's private API is used."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from dataclasses import replace
from functools import cache

from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import ActiveBinding, Binding
from textual.command import DiscoveryHit, Hits
from textual.content import Content
from textual.css.query import NoMatches
from textual.dom import DOMNode, NoScreen
from textual.events import Click, Mount
from textual.screen import Screen
from textual.system_commands import SystemCommandsProvider
from textual.widget import Widget
from textual.widgets import Footer, Header, Static

from companion.phrases import Phrase, phrase
from lang import t, tr

TEXTUAL_WORDS: dict[str, Phrase] = {
    # TRANSLATORS: the command palette's key in the footer (ctrl+p)
    "palette": phrase("palette"),
    "Theme": phrase("Theme"),
    "Change the current theme": phrase("Change the current theme"),
    "Quit": phrase("Quit"),
    "Quit the application as soon as possible": phrase("Quit the application as soon as possible"),
    "Keys": phrase("Keys"),
    "Show help for the focused widget and a summary of available keys": phrase(
        "Show help for the focused widget and a summary of available keys"
    ),
    "Hide the keys and widget help panel": phrase("Hide the keys and widget help panel"),
    "Minimize": phrase("Minimize"),
    "Minimize the widget and restore to normal size": phrase(
        "Minimize the widget and restore to normal size"
    ),
    "Maximize": phrase("Maximize"),
    "Maximize the focused widget": phrase("Maximize the focused widget"),
    "Screenshot": phrase("Screenshot"),
    "Save an SVG 'screenshot' of the current screen": phrase(
        "Save an SVG 'screenshot' of the current screen"
    ),
}
"""Textual's own words the app shows (its palette key, its system commands), by their English
text: said in the language in use where shown."""


def said(words: str) -> str:
    """A key's or a command's words in the language in use: a phrase translated, Textual's own
    words by `TEXTUAL_WORDS`, any other text (a plug-in's) as it is."""
    if isinstance(words, Phrase):
        return tr(words)
    known = TEXTUAL_WORDS.get(words)
    return tr(known) if known is not None else words


def described(binding: Binding) -> str:
    """What a key does, as the footer, the keys list and the palette show it: translated
    where it is shown, so a switch of language shows at once."""
    return said(binding.description)


def textual_commands(commands: Iterable[SystemCommand]) -> Iterator[SystemCommand]:
    """Textual's own commands in the palette, their words in the language in use."""
    for command in commands:
        title, help_text, callback, discover = command
        yield SystemCommand(said(title), said(help_text), callback, discover)


class ScreenFirstCommands(SystemCommandsProvider):
    """The command palette's commands before anything is typed, in the app's order (the screen's
    own first: new games on home, the game's actions in play) rather than sorted by name, which
    put Textual's Keys, Maximize and Quit ahead and the new games below the fold at 80x24."""

    async def discover(self) -> Hits:
        for name, help_text, callback, discover in self.app.get_system_commands(self.screen):
            if discover:
                yield DiscoveryHit(name, callback, help=help_text)


WIDTH_BREAKPOINTS = [(0, "-narrow"), (80, "-wide")]
"""The app's width classes on every screen: below 80 columns (a phone, about 40-44 columns,
or a small window) a screen has `-narrow` and its styles stack what sits side by side at 80;
from 80 it has `-wide`. Styles write the narrow rules as `Screen.-narrow ...`."""

NARROW_WIDTH = WIDTH_BREAKPOINTS[1][0]
"""Below this width a screen is narrow."""

ICON = "∞"
"""The header's icon (a tap on it opens the command palette): one the served page's font,
Roboto Mono, has; Textual's own (⭘) is not in it and showed as a missing glyph."""


class HeaderIcon(Static):
    """The header's icon, on its left: a click (a tap) opens the command palette."""

    def on_mount(self) -> None:
        if self.app.ENABLE_COMMAND_PALETTE:
            self.tooltip = t("Open the command palette")
        else:
            self.disabled = True

    async def on_click(self, event: Click) -> None:
        event.stop()
        await self.run_action("app.command_palette")


class HeaderTitle(Static):
    """The header's title: the app's, and the screen's subtitle (the game's title)."""


class HeaderClockSpace(Static):
    """The room on the header's right that Textual keeps for a clock, so that the title stays
    centred on the screen."""


class TitleHeader(Header):
    """Textual's Header, safe when its screen closes the moment it opened, with an icon the
    served font has, and only the screen's subtitle (the game's title) when the screen is narrow.

    Header writes its title in a callback that runs after it is mounted. If the screen closed in
    between (escape typed right behind enter), the title widget is already gone and Textual 8.2.8
    raises NoMatches, which ends the app. This header lets a title that arrives too late go.
    Its icon, title and the clock's room are its own widgets (Textual's are private).
    """

    def compose(self) -> ComposeResult:
        yield HeaderIcon(ICON)
        yield HeaderTitle()
        yield HeaderClockSpace()

    def on_mount(self, event: Mount) -> None:
        event.prevent_default()  # instead of Header's own, which registers the unsafe callback
        for owner in (self.app, self.screen):
            self.watch(owner, "title", self.show_title)
            self.watch(owner, "sub_title", self.show_title)

    async def show_title(self) -> None:
        with contextlib.suppress(NoMatches, NoScreen):
            self.query_one(HeaderTitle).update(self.format_title())

    def format_title(self) -> Content:
        """ "Table Companion — the game's title" where it fits; on a narrow screen the game's
        title alone, which a phone's 40 columns would otherwise cut. A screen with a title of
        its own ("Statistics", "Table view: ...") keeps it."""
        narrow = bool(self.size.width) and self.size.width < NARROW_WIDTH
        if narrow and self.screen_sub_title and self.screen_title == self.app.title:
            return Content(self.screen_sub_title)
        return super().format_title()

    async def on_resize(self) -> None:
        """Across the narrow width the title changes."""
        await self.show_title()


ShownKey = tuple[Binding, bool, str]
"""A key the footer shows: its binding, whether it can be used now, and its tip."""

KEYS_ACTION = "keys"
"""The app's action that lists every key of a screen; the footer always keeps room for it."""
MORE_KEYS = phrase("More keys")
"""How the footer names that key when some keys did not fit: they are in its list."""


def key_width(app: App[object], binding: Binding) -> int:
    """Columns a compact footer key takes: key, space, description, and the gap after it."""
    return cell_len(app.get_key_display(binding)) + 1 + cell_len(described(binding)) + 1


NEXT_STEPS_ATTRIBUTE = "NEXT_STEPS"
"""A screen's actions that, whenever they are usable, are the next step of something under way
(Cavendish's begin and end of a group conflict, on the key that announced it): the footer shows
them first, so the key's new stage is in sight where it was left out for lack of room."""


def binding_rank(screen: Screen[object], node: DOMNode, binding: Binding) -> int:
    """Where a key comes in the footer: a next step under way first (`NEXT_STEPS`), then the
    screen's own keys (its most derived class first), then the keys it inherits, then the
    focused widget's, then the app's."""
    if node is screen and binding.action in getattr(screen, NEXT_STEPS_ATTRIBUTE, ()):
        return -1
    if node is screen:
        return action_depths(type(screen)).get(binding.action, len(type(screen).__mro__))
    return 1000 if node is screen.app else 500


@cache
def action_depths(screen_type: type) -> dict[str, int]:
    """Each action a screen class binds, by the depth in its MRO of the class that declares it
    first: the footer asks at every key, and a class's bindings do not change."""
    depths: dict[str, int] = {}
    for depth, cls in enumerate(screen_type.__mro__):
        for declared in cls.__dict__.get("BINDINGS", ()):
            if isinstance(declared, Binding):
                depths.setdefault(declared.action, depth)
    return depths


class FooterKey(Widget):
    """A key in the footer: the key and what it does, dimmed while it cannot be used; a click
    (a tap) types it. Drawn as Textual's footer key is (that one is private); its look is in
    `widgets/companion.tcss`."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer-key--key", "footer-key--description"}

    def __init__(
        self,
        key: str,
        key_display: str,
        description: str,
        action: str,
        usable: bool = True,
        tooltip: str = "",
        classes: str = "",
    ) -> None:
        self.key = key
        self.key_display = key_display
        self.description = description
        self.action = action
        self.usable = usable
        """Whether the key can be used now: a click on one that cannot rings the bell."""
        state = "-compact" if usable else "-compact -disabled"
        super().__init__(classes=f"{classes} {state}".strip())
        self.set_reactive(Widget.shrink, False)
        if tooltip:
            self.tooltip = tooltip

    def render(self) -> Text:
        """The key, then its description, each with its component's style and padding."""
        key_style = self.get_component_rich_style("footer-key--key")
        description_style = self.get_component_rich_style("footer-key--description")
        key_padding = self.get_component_styles("footer-key--key").padding
        description_padding = self.get_component_styles("footer-key--description").padding
        if self.description:
            label = Text.assemble(
                (" " * key_padding.left + self.key_display + " " * key_padding.right, key_style),
                (
                    " " * description_padding.left
                    + self.description
                    + " " * description_padding.right,
                    description_style,
                ),
            )
        else:
            label = Text.assemble((self.key_display, key_style))
        label.stylize_before(self.rich_style)
        return label

    def on_mouse_down(self) -> None:
        if self.usable:
            self.app.simulate_key(self.key)
        else:
            self.app.bell()


class KeyFooter(Footer):
    """Textual's Footer in its compact style, showing only the keys that fit whole.

    The keys usable now come first, the screen's own before the inherited and the app's; the
    keys that do not fit are left out rather than cut, and `?` (which lists them all) keeps its
    place beside the command palette. Rebuilds that would show the same keys are skipped:
    Textual rebuilds the footer on each focus move and screen event, even when nothing changed,
    and once more when it first learns its width.
    """

    def __init__(self) -> None:
        super().__init__(compact=True)
        self._shown: tuple[ShownKey, ...] | None = None
        self._rebuild_pending = False
        self.bindings_known = False
        """The screen has told its keys: until then there is nothing to show."""

    def compose(self) -> ComposeResult:
        self._rebuild_pending = False
        if not self.bindings_known:
            return
        self._shown = self.keys_to_show()
        for binding, enabled, tooltip in self._shown:
            yield FooterKey(
                binding.key,
                self.app.get_key_display(binding),
                described(binding),
                binding.action,
                usable=enabled,
                tooltip=said(tooltip),
            )
        palette = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if palette is not None and self.app.ENABLE_COMMAND_PALETTE:
            _node, binding, enabled, tooltip = palette
            yield FooterKey(
                binding.key,
                self.app.get_key_display(binding),
                described(binding),
                binding.action,
                classes="-command-palette",
                usable=enabled,
                tooltip=said(binding.tooltip) or described(binding),
            )

    def ordered_keys(self, active: dict[str, ActiveBinding] | None = None) -> list[ShownKey]:
        """The shown keys, usable ones first, each group in the screen's order of importance
        (`active`: the screen's active bindings, when the caller has them already)."""
        screen = self.screen
        active = screen.active_bindings if active is None else active
        keys = [
            (not enabled, binding_rank(screen, node, binding), index, (binding, enabled, tip))
            for index, (node, binding, enabled, tip) in enumerate(active.values())
            if binding.show
        ]
        seen: set[str] = set()
        ordered: list[ShownKey] = []
        for *_order, key in sorted(keys, key=lambda entry: entry[:3]):
            if key[0].action not in seen:  # one key per action, as Textual's footer does
                seen.add(key[0].action)
                ordered.append(key)
        return ordered

    def fitting_keys(self) -> list[ShownKey]:
        """The ordered keys that fit whole beside the palette hint, the keys list kept last and
        named `More keys` when some keys did not fit. On a narrow screen where `?` is not usable
        (typing in a field), escape keeps that place: a phone has no escape key, and its tap
        is the way out of a dialog or the dice tray."""
        room = self.size.width or self.app.size.width
        active = self.screen.active_bindings  # built anew at each call: asked once
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        if palette is not None:
            room -= key_width(self.app, palette.binding) + 1  # its border and right padding
        ordered = self.ordered_keys(active)
        listing = [key for key in ordered if key[0].action == KEYS_ACTION]
        if not listing and self.screen.has_class("-narrow"):  # `?` taken by a field
            listing = [key for key in ordered if key[0].key == "escape" and key[1]][:1]
        others = [key for key in ordered if key not in listing]
        fitting = self.fit(others, room - sum(key_width(self.app, key[0]) for key in listing))
        if len(fitting) < len(others) and any(b.action == KEYS_ACTION for b, _e, _t in listing):
            listing = [(replace(b, description=MORE_KEYS), e, t) for b, e, t in listing]
            fitting = self.fit(others, room - sum(key_width(self.app, k[0]) for k in listing))
        return fitting + listing

    def fit(self, keys: list[ShownKey], width: int) -> list[ShownKey]:
        """The keys, in order, that fit whole in `width` columns (a long one is skipped, and a
        shorter one after it may still fit)."""
        fitting: list[ShownKey] = []
        for key in keys:
            needed = key_width(self.app, key[0])
            if needed <= width:
                fitting.append(key)
                width -= needed
        return fitting

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Textual's `Footer.bindings_changed`, but one rebuild at a time, only for new keys,
        and worked out after the key's own frame is drawn (each key asks, and most change none
        of the keys shown)."""
        self.bindings_known = True
        if not self.is_attached or screen is not self.screen:
            return
        # Without the focus (another window in front) Textual's footer keeps its keys; the
        # first keys are still shown, as a browser's page opens without the focus.
        if not screen.app.app_focus and self._shown is not None:
            return
        self.rebuild_later()

    def on_resize(self) -> None:
        """A new width fits other keys."""
        if self.bindings_known:
            self.rebuild_later()

    def rebuild_later(self) -> None:
        """Once the screen is drawn, rebuild the keys if they changed (once for many asks)."""
        if not self._rebuild_pending:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild_if_changed)

    async def _rebuild_if_changed(self) -> None:
        if not self.is_attached or self.keys_to_show() == self._shown:
            self._rebuild_pending = False
            return
        await self.recompose()  # (compose clears `_rebuild_pending`)

    def keys_to_show(self) -> tuple[ShownKey, ...]:
        """What the footer would show: each key that fits, whether it is enabled, and its tip.
        (Fitted before the footer has a width, to the screen's: the same keys once it has one
        are not shown again.)"""
        return tuple(self.fitting_keys())
