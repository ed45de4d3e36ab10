"""The setup's name completion uses the one identity rule for names (issue 32): a look-alike of a
name already typed (other case, NFD, a zero-width space) is that player, so not offered again."""

from __future__ import annotations

import pytest

from widgets.kit.players import NamesSuggester


@pytest.mark.parametrize("typed", ["Zoë", "Zoe\u0308", "ZOË", "Zo\u200bë"])
async def test_a_look_alike_of_a_name_typed_is_not_offered_again(typed: str) -> None:
    suggester = NamesSuggester(["Zoë", "Zed"])
    assert await suggester.get_suggestion(f"{typed}, Z") == f"{typed}, Zed"


async def test_a_name_is_completed_from_its_look_alike_start() -> None:
    suggester = NamesSuggester(["Zoë"])
    assert await suggester.get_suggestion("Ana, zoe\u0308") == "Ana, Zoë"
