"""The one application service every adapter (Discord, console, export) calls."""

from __future__ import annotations

from typing import Any

import rules
from bot import messages
from bot.service import suggest
from bot.service.automated import Automated
from bot.service.boards import Boards
from bot.service.info import Info
from bot.service.lobby import game_option_choices, team_size, uses_teams
from bot.service.reminders import Reminders
from bot.service.suggest import Suggestion
from bot.service.table import Actor, Table, faction_name
from bot.service.threads import Threads
from rules import registry
from rules.edits import SHARED_PILES, card_places, item_places
from rules.modes import find_mode


class GameService(Automated, Info, Reminders, Boards, Threads):
    """Create, join, start, play, inform, moderate and remind: one game per channel, saved after every change."""

    async def _seat_state(self, actor: Actor) -> tuple[rules.GameState, int] | None:
        table = await self.maybe_table(actor.channel_id)
        if table is None or table.game.status != "active":
            return None
        row = table.seat_of(actor.user_id)
        if row is None or row.seat is None:
            return None
        return table.state, row.seat

    async def suggest_field(
        self, actor: Actor, verb: str, field: str, filled: dict[str, Any], typed: str
    ) -> list[Suggestion]:
        """Autocomplete for one option of an action command, from the engine's legal actions."""
        found = await self._seat_state(actor)
        if found is None:
            return []
        return suggest.field_choices(found[0], found[1], verb, field, filled, typed)

    async def suggest_action(self, actor: Actor, typed: str) -> list[Suggestion]:
        """Autocomplete for the universal command: legal actions in notation."""
        found = await self._seat_state(actor)
        if found is None:
            return []
        return suggest.action_choices(found[0], found[1], typed)

    async def suggest_free_factions(self, actor: Actor, typed: str) -> list[Suggestion]:
        """Factions still free to join in this channel's game."""
        table = await self.maybe_table(actor.channel_id)
        if table is None:
            return []
        if table.game.status == "lobby":
            taken = {s.faction for s in table.seats}
            free = [f for f in table.lobby["factions"] if f not in taken]
        else:
            free = [s.faction for s in table.seats if s.user_id is None and not s.automated]
        return suggest.named_choices({f: faction_name(f) for f in free}, typed)

    async def suggest_automatable(self, actor: Actor, typed: str) -> list[Suggestion]:
        """Seats an automated player may take: a lobby's free factions, a running game's seats not automated yet."""
        table = await self.maybe_table(actor.channel_id)
        if table is None or table.game.status == "lobby":
            return await self.suggest_free_factions(actor, typed)
        people = {s.faction: _seat_name(table, s.faction) for s in table.seats if not s.automated}
        return suggest.named_choices(people, typed)

    async def suggest_teams(self, actor: Actor, typed: str) -> list[Suggestion]:
        """The teams of this channel's team lobby, each with its players so far."""
        table = await self.maybe_table(actor.channel_id)
        if table is None or table.game.status != "lobby" or not uses_teams(table.lobby["mode"]):
            return []
        mode = table.lobby["mode"]
        size = team_size(mode, int(table.lobby["seats"]))
        shown = {}
        for team in find_mode(mode).team_names:
            players = [s.user_name for s in table.seats if s.team == team]
            listed = ", ".join(players) or messages.NOBODY
            shown[team] = messages.TEAM_CHOICE.format(team=team, taken=len(players), size=size, players=listed)
        return suggest.named_choices(shown, typed)

    async def suggest_seated_factions(self, actor: Actor, typed: str) -> list[Suggestion]:
        """The factions of this channel's game, with their players."""
        table = await self.maybe_table(actor.channel_id)
        if table is None:
            return []
        return suggest.named_choices({s.faction: _seat_name(table, s.faction) for s in table.seats}, typed)

    async def suggest_pieces(self, actor: Actor, typed: str) -> list[Suggestion]:
        """Piece keys (faction:kind) of this game's factions, for moderator edits."""
        table = await self.maybe_table(actor.channel_id)
        if table is None or table.game.state is None:
            return []
        legend = rules.view_for(table.state, None)["factions"]
        keys = {f"{fid}:{kind}": f"{info['name']}: {kind}" for fid, info in legend.items() for kind in info["pieces"]}
        return suggest.named_choices(keys, typed)

    async def suggest_places(self, actor: Actor, typed: str) -> list[Suggestion]:
        """Where a card can be, for moderator card edits."""
        table = await self.maybe_table(actor.channel_id)
        places = {p: p for p in SHARED_PILES}
        if table is not None and table.game.state is not None:  # a started game: the seats' own piles too
            places.update({p: p for p in card_places(table.state)})
        for row in table.seats if table else []:
            for where in ("hand", "crafted"):
                places[f"{where}:{row.faction}"] = f"{where} of {faction_name(row.faction)}"
        return suggest.named_choices(places, typed)

    async def suggest_item_places(self, actor: Actor, typed: str) -> list[Suggestion]:
        """Where an item can be, for moderator item edits."""
        table = await self.maybe_table(actor.channel_id)
        state = table.state if table is not None and table.game.state is not None else None
        return suggest.named_choices({p: p for p in item_places(state)} if state else {}, typed)

    @staticmethod
    def suggest_factions(typed: str) -> list[Suggestion]:
        """Every faction players may choose."""
        return suggest.named_choices({f: registry.faction(f).name for f in registry.playable_ids()}, typed)

    @staticmethod
    def suggest_game_options(typed: str, mode: str | None, factions: str | None) -> list[Suggestion]:
        """Every value of the game options the chosen mode and factions read, as name=value."""
        return suggest.named_choices(game_option_choices(mode, factions), typed)

    @staticmethod
    def suggest_cards(typed: str) -> list[Suggestion]:
        """Every card of the deck."""
        return suggest.card_choices(typed)


def _seat_name(table: Table, faction: str) -> str:
    row = table.by_faction(faction)
    user = row.user_name if row is not None and row.user_id is not None else "no player"
    if row is not None and row.automated:
        user = messages.AUTOMATED
    return f"{faction_name(faction)} ({user})"
