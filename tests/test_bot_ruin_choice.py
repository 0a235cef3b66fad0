"""The choice between two ruin items is the explorer's secret: no public button names either item."""

from __future__ import annotations

from rules_helpers import play
from test_rules_two_vagabonds import V1, _explorer

from bot.present import likely_actions
from bot.threads import prompt_lines


def test_public_buttons_never_name_an_item_under_the_ruin() -> None:
    state = play(_explorer("sword", "hammer"), "explore")
    public = " ".join(f"{c.label} {c.notation}" for c in likely_actions(state, V1))
    assert "sword" not in public and "hammer" not in public
    _, private = prompt_lines(state, V1)  # his own thread offers both
    assert sorted(c.notation for c in private) == ["explore hammer", "explore sword"]
