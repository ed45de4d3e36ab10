"""`companion games`: every game the companion knows, the package each comes from, and every
plug-in left out with why (`companion.registry.left_out`), so none is left out in silence."""

from __future__ import annotations

import json
from typing import Any

from companion import registry
from lang import t, tr


def games_json() -> dict[str, Any]:
    """The games and the entry points left out, as `companion games --json` prints them."""
    games: list[dict[str, Any]] = []
    for game_id, title in registry.catalogue():
        game = registry.get_game(game_id)  # its rules revision: imports its rules
        if game is None:
            continue  # its rules failed to import: left out, said below
        source = registry.source(game_id)
        games.append(
            {
                "id": game_id,
                "title": title,
                "package": source.distribution or registry.package_of(game_id),
                "version": source.version,
                "rules": game.rules_revision,
            }
        )
    from widgets.shell.games import load_every_ui  # its screens too: the shell's registry

    load_every_ui()
    left = [
        {
            "group": item.group,
            "name": item.name,
            "package": item.distribution,
            "version": item.version,
            "reason": item.reason,
        }
        for item in registry.left_out()
    ]
    return {"games": games, "left_out": left}


def games_text(shown: dict[str, Any]) -> str:
    """The games, one a line (id, title, package and version, rules revision), then each entry
    point left out, with why."""
    lines = []
    for game in shown["games"]:
        package = f"{game['package']} {game['version']}".strip()
        lines.append(
            t(
                "{id}  {title}  ({package}, rules {revision})",
                id=game["id"],
                title=game["title"],
                package=package,
                revision=game["rules"],
            )
        )
    left = [
        registry.LeftOut(i["group"], i["name"], i["package"], i["version"], i["reason"])
        for i in shown["left_out"]
    ]
    if left:
        lines += ["", t("Left out ({n}):", n=len(left))]
    lines += [f"  {tr(item.line())}" for item in left]
    return "\n".join(lines)


def games_output(as_json: bool) -> str:
    """What `companion games` prints (`--json`: JSON)."""
    shown = games_json()
    return json.dumps(shown, indent=2) if as_json else games_text(shown)
