"""/rootmod: moderator commands, hinted to Discord as Manage Server and checked for real on every use."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from bot import messages
from bot.discord.commands import CheckedGroup, choices, is_moderator, refused, service_of
from bot.discord.delivery import actor_of, promptly, run
from bot.service.table import Actor
from bot.settings import REMINDER_HOURS, REMINDERS_BEFORE_NOTICE

Positive = app_commands.Range[int, 1, None]  # a hint to Discord's client; the service checks it too
# The same ranges the service checks (bot/settings.py), shown to Discord's client.
HoursRange = app_commands.Range[float, float(REMINDER_HOURS.low), float(REMINDER_HOURS.high)]
NoticesRange = app_commands.Range[int, int(REMINDERS_BEFORE_NOTICE.low), int(REMINDERS_BEFORE_NOTICE.high)]


class RootMod(CheckedGroup):
    """The moderator group: refuses everyone else, privately, and empty options as every group does."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Only moderators pass; others get a CheckFailure the tree answers privately."""
        if await promptly(interaction, is_moderator(interaction)):
            return await super().interaction_check(interaction)
        raise app_commands.CheckFailure(messages.NOT_A_MODERATOR)


Complete = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]


def moderators_only(complete: Complete) -> Complete:
    """An autocomplete that answers moderators only (discord.py runs no group check before an autocomplete):
    anyone else gets no choices, as the command itself refuses them."""

    async def guarded(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        if not await is_moderator(interaction):
            return []
        return await complete(interaction, current)

    return guarded


def mod(interaction: discord.Interaction) -> Actor:
    """The moderator who sent an interaction (the group check already passed)."""
    return actor_of(interaction, moderator=True)


def rootmod_group() -> app_commands.Group:
    """Pause, reminders, skip, seats, undo, end, edits, settings and export."""
    group = RootMod(
        name="rootmod",
        description="Moderate this channel's Root game",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    @moderators_only
    async def seated(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(await service_of(interaction).suggest_seated_factions(actor_of(interaction), current))

    @moderators_only
    async def pieces(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(await service_of(interaction).suggest_pieces(actor_of(interaction), current))

    @moderators_only
    async def places(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(await service_of(interaction).suggest_places(actor_of(interaction), current))

    @moderators_only
    async def cards(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(service_of(interaction).suggest_cards(current))

    @group.command(name="pause", description="Pause the game: no moves, no reminders")
    async def pause(interaction: discord.Interaction) -> None:
        await run(interaction, service_of(interaction).mod_pause(mod(interaction)))

    @group.command(name="resume", description="Resume a paused game; the reminder clock goes on")
    async def resume(interaction: discord.Interaction) -> None:
        await run(interaction, service_of(interaction).mod_resume(mod(interaction)))

    @group.command(name="threads", description="Try again to make the team threads the server refused")
    async def threads(interaction: discord.Interaction) -> None:
        await run(interaction, service_of(interaction).mod_threads(mod(interaction)))

    @group.command(name="reminders", description="Set how often the seat to act is reminded")
    @app_commands.describe(hours="hours between reminders (e.g. 24, or 0.5)")
    async def reminders(interaction: discord.Interaction, hours: HoursRange) -> None:
        await run(interaction, service_of(interaction).mod_reminders(mod(interaction), hours))

    @group.command(
        name="skip", description="Answer for the seat to act by default: pass, end a step, else the first choice"
    )
    async def skip(interaction: discord.Interaction) -> None:
        await run(interaction, service_of(interaction).mod_skip(mod(interaction)))

    @group.command(name="replace", description="Give a seat to another player")
    @app_commands.describe(faction="the seat's faction", user="the new player")
    @app_commands.autocomplete(faction=seated)
    async def replace(interaction: discord.Interaction, faction: str, user: discord.Member) -> None:
        if user.bot:  # it would never act, and its private thread would show another program the seat's hand
            shown = messages.shown_name(user.display_name)
            await run(interaction, refused(messages.BOT_CANNOT_PLAY.format(user=shown)))
            return
        work = service_of(interaction).mod_replace(mod(interaction), faction, user.id, user.display_name)
        await run(interaction, work)

    @moderators_only
    async def automatable(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(await service_of(interaction).suggest_automatable(actor_of(interaction), current))

    @group.command(name="automate", description="Seat an automated player: a lobby's free faction, or a game's seat")
    @app_commands.describe(faction="the faction", team="its team, in team modes (default: the first not full)")
    @app_commands.autocomplete(faction=automatable)
    async def automate(interaction: discord.Interaction, faction: str, team: str | None = None) -> None:
        await run(interaction, service_of(interaction).mod_automate(mod(interaction), faction, team))

    @group.command(name="unseat", description="Remove a player; a started game's seat stays free to take")
    @app_commands.describe(faction="the seat's faction")
    @app_commands.autocomplete(faction=seated)
    async def unseat(interaction: discord.Interaction, faction: str) -> None:
        await run(interaction, service_of(interaction).mod_unseat(mod(interaction), faction))

    @group.command(name="undo", description="Take back the last actions by replaying the game without them")
    @app_commands.describe(count="how many actions", confirm="also across dice, draws and reveals")
    async def undo(
        interaction: discord.Interaction, count: app_commands.Range[int, 1, 200] = 1, confirm: bool = False
    ) -> None:
        await run(interaction, service_of(interaction).mod_undo(mod(interaction), count, confirm))

    @group.command(name="end", description="End the game now")
    async def end(interaction: discord.Interaction) -> None:
        await run(interaction, service_of(interaction).mod_end(mod(interaction)))

    @group.command(name="place", description="Edit: put pieces from their supply into a clearing")
    @app_commands.describe(clearing="the clearing", piece="faction:kind, e.g. marquise:warrior", count="how many")
    @app_commands.autocomplete(piece=pieces)
    async def place(interaction: discord.Interaction, clearing: Positive, piece: str, count: Positive = 1) -> None:
        values = {"clearing": clearing, "piece": piece, "count": count}
        await run(interaction, service_of(interaction).mod_edit_options(mod(interaction), "place", values))

    @group.command(name="remove", description="Edit: return pieces from a clearing to their supply")
    @app_commands.describe(clearing="the clearing", piece="faction:kind, e.g. eyrie:roost", count="how many")
    @app_commands.autocomplete(piece=pieces)
    async def remove(interaction: discord.Interaction, clearing: Positive, piece: str, count: Positive = 1) -> None:
        values = {"clearing": clearing, "piece": piece, "count": count}
        await run(interaction, service_of(interaction).mod_edit_options(mod(interaction), "remove", values))

    @group.command(name="shift", description="Edit: move pieces from one clearing to another")
    @app_commands.describe(src="from this clearing", dst="to this clearing", piece="faction:kind", count="how many")
    @app_commands.rename(src="from", dst="to")
    @app_commands.autocomplete(piece=pieces)
    async def shift(
        interaction: discord.Interaction, src: Positive, dst: Positive, piece: str, count: Positive = 1
    ) -> None:
        values = {"src": src, "dst": dst, "piece": piece, "count": count}
        await run(interaction, service_of(interaction).mod_edit_options(mod(interaction), "shift", values))

    @group.command(name="points", description="Edit: set a faction's points")
    @app_commands.describe(faction="the faction", points="its new points")
    @app_commands.autocomplete(faction=seated)
    async def points(interaction: discord.Interaction, faction: str, points: int) -> None:
        values = {"faction": faction, "points": points}
        await run(interaction, service_of(interaction).mod_edit_options(mod(interaction), "points", values))

    @moderators_only
    async def item_places(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(await service_of(interaction).suggest_item_places(actor_of(interaction), current))

    @group.command(name="card", description="Edit: move a card between hands, piles, discard, deck and available")
    @app_commands.describe(
        card="the card", src="where it is (hand:eyrie, supporters:alliance, discard…)", dst="where it goes"
    )
    @app_commands.rename(src="from", dst="to")
    @app_commands.autocomplete(card=cards, src=places, dst=places)
    async def card(interaction: discord.Interaction, card: str, src: str, dst: str) -> None:
        values = {"card": card, "src": src, "dst": dst}
        await run(interaction, service_of(interaction).mod_edit_options(mod(interaction), "card", values))

    @group.command(name="item", description="Edit: move an item between the supply, a seat's items and a clearing")
    @app_commands.describe(
        item="the item, e.g. sword", src="where it is (supply, items:marquise, hoard, 5…)", dst="where it goes"
    )
    @app_commands.rename(src="from", dst="to")
    @app_commands.autocomplete(src=item_places, dst=item_places)
    async def item(interaction: discord.Interaction, item: str, src: str, dst: str) -> None:
        values = {"item": item, "src": src, "dst": dst}
        await run(interaction, service_of(interaction).mod_edit_options(mod(interaction), "item", values))

    @group.command(name="ferry", description="Edit: move the Lake map's Ferry to another coastal clearing")
    @app_commands.describe(clearing="the coastal clearing")
    async def ferry(interaction: discord.Interaction, clearing: Positive) -> None:
        values = {"clearing": clearing}
        await run(interaction, service_of(interaction).mod_edit_options(mod(interaction), "ferry", values))

    @group.command(name="path", description="Edit: remove a closed path of the Mountain map, or put it back")
    @app_commands.describe(
        src="a clearing at one end",
        dst="the clearing at the other",
        open="true: remove the closed path (the path is open); false: put it back",
    )
    @app_commands.rename(src="from", dst="to")
    async def path(interaction: discord.Interaction, src: Positive, dst: Positive, open: bool) -> None:
        values = {"src": src, "dst": dst, "open": open}
        await run(interaction, service_of(interaction).mod_edit_options(mod(interaction), "path", values))

    @group.command(name="edit", description="Edit in notation, e.g. !place 5 marquise:warrior x2")
    @app_commands.describe(text="an edit: !place, !remove, !shift, !points, !card, !lay, !item, !ferry or !path")
    async def edit(interaction: discord.Interaction, text: str) -> None:
        await run(interaction, service_of(interaction).mod_edit(mod(interaction), text))

    @group.command(name="settings", description="Set this server's moderator role and reminder defaults")
    @app_commands.describe(
        role="members with this role may use /rootmod",
        hours="default hours between reminders for new games",
        notices="reminders before moderators are told",
        seats="who may /root join a seat left free in a running game",
    )
    @app_commands.choices(seats=[app_commands.Choice(name=n, value=k) for k, n in messages.VACATED_CHOICES.items()])
    async def settings(
        interaction: discord.Interaction,
        role: discord.Role | None = None,
        hours: HoursRange | None = None,
        notices: NoticesRange | None = None,
        seats: str | None = None,
    ) -> None:
        service = service_of(interaction)
        work = service.mod_settings(mod(interaction), role.id if role else None, hours, notices, seats)
        await run(interaction, work)

    @group.command(name="export", description="This game's record as JSON; full: with the seed (announced)")
    @app_commands.describe(full="include the seed before the game ends (reveals hands; the channel is told)")
    async def export(interaction: discord.Interaction, full: bool = False) -> None:
        await run(interaction, service_of(interaction).mod_export(mod(interaction), full))

    return group
