"""Two items under a ruin: which ones is the explorer's secret (no public button names them); how many is public."""

from __future__ import annotations

from rules_helpers import play
from test_rules_two_vagabonds import V1, _explorer

import rules
from bot.discord.buttons import public_view
from bot.service.outbox import Outbox
from bot.service.present import next_up
from bot.service.table import Table
from bot.service.threads import prompt_lines
from bot.storage.models import Game, SeatRow


def test_public_buttons_never_name_an_item_under_the_ruin() -> None:
    state = play(_explorer("sword", "hammer"), "explore")
    seats = [SeatRow(channel_id=1, faction=s.faction, seat=i, user_id=10 + i) for i, s in enumerate(state.seats)]
    table = Table(Game(channel_id=1, status="active", version=state.version), seats)
    table.use(state)
    outbox = Outbox()
    next_up(outbox, table, state, before=V1)
    view = public_view(outbox)
    assert view is not None
    public = str(view.to_components()) + outbox.public
    assert "sword" not in public and "hammer" not in public
    assert [c["custom_id"] for row in view.to_components() for c in row["components"]] == [f"rb:c:1:{state.version}"]
    _, private = prompt_lines(state, V1)  # his own thread offers both
    assert sorted(c.notation for c in private) == ["explore hammer", "explore sword"]


def test_the_board_counts_the_items_under_each_ruin_and_never_names_them() -> None:
    from test_rules_two_vagabonds import RUIN, two_vb_game

    from render import render_board

    state = two_vb_game()
    view = rules.view_for(state, None)
    counts = {c["id"]: c["ruin_items"] for c in view["clearings"] if c["ruin"]}
    assert counts == dict.fromkeys(counts, 2) and RUIN in counts
    assert not any(k in c for c in view["clearings"] for k in ("items", "ruin_item"))
    two = render_board(view)
    for clearing in view["clearings"]:
        clearing["ruin_items"] = min(clearing["ruin_items"], 1)
    assert render_board(view) != two  # the "2" badges are drawn
