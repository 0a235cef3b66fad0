"""The slash commands, declared once for Discord and the offline console: thin adapters over the service."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Optional

import discord
from discord import app_commands

import rules.modes
from bot import messages
from bot.discord.delivery import actor_of, promptly, run
from bot.service.notation import Option, build, field_help, options_of, verb_options, verb_summary
from bot.service.outbox import Outbox
from bot.service.suggest import Suggestion
from bot.service.table import Actor
from rules import numbers
from rules.actions import WORD_LIMIT, place_token
from rules.board import MAPS, map_names
from rules.words import echo

if TYPE_CHECKING:
    from bot.discord.clients import ServiceClient
    from bot.service import GameService

AppCommand = app_commands.Command[Any, Any, Any]
Complete = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[Any]]]]
RENAMES = {"src": "from", "dst": "to"}


def known_modes() -> list[str]:
    """Game modes to suggest: those players may choose (the service checks whatever is typed)."""
    return rules.modes.playable_ids()


def mode_choices(current: str) -> list[tuple[str, str]]:
    """The playable modes whose id, name or alias holds what was typed: (id, 'Name (id)')."""
    typed = current.strip().lower()
    out = []
    for mode_id in known_modes():
        mode = rules.modes.find_mode(mode_id)
        words = [mode.id, mode.name.lower(), *mode.aliases]
        if any(typed in w for w in words):
            out.append((mode.id, f"{mode.name} ({mode.id})"[:100]))
    return out


def map_choices(current: str) -> list[tuple[str, str]]:
    """The maps whose id or name holds what was typed: (id, 'Name (id)')."""
    typed = current.strip().lower()
    return [(m, f"{name} ({m})") for m, name in map_names().items() if typed in m or typed in name.lower()]


def service_of(interaction: discord.Interaction) -> GameService:
    """The game service behind the client that received an interaction."""
    client: ServiceClient = interaction.client  # type: ignore[assignment]
    return client.service


async def is_moderator(interaction: discord.Interaction) -> bool:
    """Manage Server, or the moderator role this server set with /rootmod settings."""
    roles = [role.id for role in getattr(interaction.user, "roles", [])]
    manage = interaction.permissions.manage_guild
    return await service_of(interaction).is_moderator(interaction.guild_id, roles, manage)


async def member_of(interaction: discord.Interaction) -> Actor:
    """Who sent an interaction, knowing whether they are a moderator (for commands open to all)."""
    return actor_of(interaction, moderator=await promptly(interaction, is_moderator(interaction)))


def choices(found: list[Suggestion]) -> list[app_commands.Choice[Any]]:
    """Suggestions as Discord choices (at most 25)."""
    return [app_commands.Choice(name=s.name[:100], value=s.value) for s in found[:25]]


DESCRIPTION_LIMIT = 100  # Discord's limit on a command's description
CHOICE_LIMIT = 100  # Discord's limit on an autocomplete choice's name and value


def first_line(text: str | None, limit: int = DESCRIPTION_LIMIT) -> str:
    """A docstring's first line, fitted to Discord's 100 characters (a trailing aside dropped, else cut at a word)."""
    line = (text or "").strip().splitlines()[0] if text and text.strip() else "…"
    if len(line) > limit and line.endswith(")."):
        line = line[: line.rindex(" (")] + "."
    if len(line) > limit:
        line = line[: limit - 1].rsplit(" ", 1)[0] + "…"
    return line


# --- action commands, one per engine verb ------------------------------------------------
def _field_autocomplete(verb: str, field: str) -> Complete:
    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[Any]]:
        namespace = interaction.namespace
        filled = {
            name: namespace[RENAMES.get(name, name)] for name in _fields(verb) if RENAMES.get(name, name) in namespace
        }
        found = await service_of(interaction).suggest_field(actor_of(interaction), verb, field, filled, str(current))
        return choices(found)

    return complete


PLACE_FIELDS = ("src", "dst", "forest")  # fields naming a clearing or a forest


def command_options(action: Any, typed_places: bool = False) -> dict[str, Any]:
    """The options of an action's own command, by their Discord names ('move 1>5 x2' -> from, to, count); lists
    joined by ','. A place is given as the action holds it (5, A), or with `typed_places` as a player types it
    (5, fA)."""
    out: dict[str, Any] = {}
    for option in options_of(type(action)):
        value: Any = getattr(action, option.field)
        if value is None or value == ():
            continue
        if typed_places and option.field in PLACE_FIELDS:
            value = place_token(value)
        elif isinstance(value, tuple):
            value = ",".join(map(str, value))
        out[RENAMES.get(option.field, option.field)] = value
    return out


def blank_option(values: dict[str, Any]) -> str | None:
    """The first option given as empty text (nothing, or only spaces and commas), by its Discord name."""
    return next(
        (RENAMES.get(k, k) for k, v in values.items() if isinstance(v, str) and not v.replace(",", " ").strip()),
        None,
    )


def unreadable_option(values: dict[str, Any]) -> str | None:
    """Why an option can be read by no action (a number not written with the digits 0 to 9 or too large, a word
    too long), naming the option; None when every option can be read."""
    for field, value in values.items():
        reason = unreadable(value)
        if reason:
            shown = echo(str(value), 24)
            return messages.REFUSED.format(
                reason=messages.UNREADABLE_OPTION.format(value=shown, option=RENAMES.get(field, field), reason=reason)
            )
    return None


def unreadable(value: Any) -> str | None:
    """Why one option's value can be read by no action, or None."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return None if numbers.fits(value) else numbers.TOO_LARGE
    text = str(value)
    if len(text) > WORD_LIMIT:
        return messages.TOO_LONG.format(limit=WORD_LIMIT)
    return numbers.problem(text)


class CheckedGroup(app_commands.Group):
    """A command group whose commands refuse an option given as empty text, naming it, before they run."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """An empty text option gets a CheckFailure the tree answers privately; the game is not touched."""
        reason = empty_refusal(interaction.command, dict(iter(interaction.namespace)))
        if reason is not None:
            raise app_commands.CheckFailure(reason)
        return True


def empty_refusal(command: Any, values: dict[str, Any]) -> str | None:
    """The refusal of the first option given as empty text, saying whether the command can go without it."""
    empty = blank_option(values)
    if empty is None:
        return None
    required = any(p.display_name == empty and p.required for p in getattr(command, "parameters", []))
    return (messages.EMPTY_REQUIRED if required else messages.EMPTY_OPTION).format(option=empty)


async def refused(text: str) -> Outbox:
    """A refusal made before the service is asked (an option no action can read)."""
    return Outbox.refusal(text)


def _fields(verb: str) -> list[str]:
    return [o.field for o in verb_options(verb)]


def _parameter(option: Option) -> inspect.Parameter:
    base: Any = int if option.is_int else str
    if option.required:
        return inspect.Parameter(option.field, inspect.Parameter.KEYWORD_ONLY, annotation=base)
    return inspect.Parameter(option.field, inspect.Parameter.KEYWORD_ONLY, annotation=Optional[base], default=None)  # noqa: UP045


def action_command(verb: str) -> AppCommand:
    """A command for one engine verb; each option autocompletes from the legal actions.

    The callback's signature is built from the action's fields (discord.py reads parameters with
    inspect.signature), so a verb a new faction registers gets its command with no code here.
    """
    options = verb_options(verb)

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        reason = empty_refusal(interaction.command, {RENAMES.get(k, k): v for k, v in values.items()})
        if reason is not None:
            await run(interaction, refused(reason))
            return
        bad = unreadable_option(values)
        if bad is not None:
            await run(interaction, refused(bad))
            return
        text = build(verb, values)
        await run(interaction, service_of(interaction).submit(actor_of(interaction), text))

    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
    params += sorted((_parameter(o) for o in options), key=lambda p: p.default is not inspect.Parameter.empty)
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        o.field: field_help(verb, o.field) for o in options
    }
    callback.__discord_app_commands_param_rename__ = {o.field: RENAMES[o.field] for o in options if o.field in RENAMES}  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_autocomplete__ = {  # type: ignore[attr-defined]
        o.field: _field_autocomplete(verb, o.field) for o in options
    }
    summary = first_line(verb_summary(verb, DESCRIPTION_LIMIT), DESCRIPTION_LIMIT)
    command: AppCommand = app_commands.Command(name=verb, description=summary, callback=callback)  # type: ignore[arg-type]
    command.guild_only = True
    return command


def play_command() -> AppCommand:
    """The universal command: any legal action in notation, with the legal ones as suggestions."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(await service_of(interaction).suggest_action(actor_of(interaction), current))

    @app_commands.command(name="play", description=messages.PLAY_HELP)
    @app_commands.guild_only()
    @app_commands.describe(action="an action in notation, e.g. move 1>5 x2")
    @app_commands.autocomplete(action=complete)
    async def play(interaction: discord.Interaction, action: str) -> None:
        await run(interaction, service_of(interaction).submit(actor_of(interaction), action))

    return play


# --- /root: lobby and information ---------------------------------------------------------
def listed(current: str, suggest_last: Callable[[str], list[Suggestion]]) -> list[app_commands.Choice[str]]:
    """Choices for the last item of a comma-separated list; the items typed before it are kept in front. What is
    named already (a faction, a game option with any value) is not offered again, nor a list past Discord's 100
    characters (cut short, it would name something else: the player types on instead)."""
    head, _, last = current.rpartition(",")
    prefix = head + "," if head else ""
    typed = {_named(item) for item in head.split(",")}
    found = [s for s in suggest_last(last.strip()) if _named(str(s.value)) not in typed]
    fitting = [s for s in found if len(prefix + str(s.value)) <= CHOICE_LIMIT]
    return [app_commands.Choice(name=(prefix + s.name)[:CHOICE_LIMIT], value=prefix + str(s.value)) for s in fitting]


def _named(item: str) -> str:
    """What a list item names: a faction, or a game option whatever its value ('negative_points=true')."""
    return item.partition("=")[0].strip().lower()


def root_group() -> app_commands.Group:
    """Creating and joining games, and looking at them."""
    root = CheckedGroup(name="root", description="Play Root in this channel: lobby and information", guild_only=True)

    async def free_factions(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(await service_of(interaction).suggest_free_factions(actor_of(interaction), current))

    async def lobby_teams(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(await service_of(interaction).suggest_teams(actor_of(interaction), current))

    async def any_card(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(service_of(interaction).suggest_cards(current))

    async def modes(_interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=m) for m, name in mode_choices(current)]

    async def maps(_interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=m) for m, name in map_choices(current)]

    async def faction_list(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return listed(current, service_of(interaction).suggest_factions)

    async def option_list(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        space, service = interaction.namespace, service_of(interaction)
        return listed(current, lambda last: service.suggest_game_options(last, space.mode, space.factions))

    @root.command(name="create", description="Create a game in this channel")
    @app_commands.describe(
        seats="how many players (2 to 6)",
        board=f"the map: {', '.join(MAPS)} (default autumn)",
        mode="the game mode",
        factions="factions allowed, comma separated (default: all)",
        win_points="points to win (default 30; in the 3x3 mode a team's points, default 90)",
        round_limit="end after this many rounds (most points wins)",
        game_options="game options, comma separated name=value (e.g. negative_points=true)",
        automated="factions automated players take at once, comma separated (moderators only)",
    )
    @app_commands.rename(board="map")
    @app_commands.autocomplete(
        factions=faction_list, mode=modes, game_options=option_list, board=maps, automated=faction_list
    )
    async def create(
        interaction: discord.Interaction,
        seats: app_commands.Range[int, 2, 6] = 2,
        board: str = "autumn",
        mode: str = "standard",
        factions: str | None = None,
        win_points: app_commands.Range[int, 1, 100] | None = None,
        round_limit: app_commands.Range[int, 1, 100] | None = None,
        game_options: str | None = None,
        automated: str | None = None,
    ) -> None:
        actor = await member_of(interaction) if automated else actor_of(interaction)
        work = service_of(interaction).create(
            actor, mode, board, seats, factions, win_points, round_limit, game_options, automated
        )
        await run(interaction, work)

    @root.command(name="join", description="Join this channel's game with a free faction")
    @app_commands.describe(faction="a faction still free", team="your team, in team modes")
    @app_commands.autocomplete(faction=free_factions, team=lobby_teams)
    async def join(interaction: discord.Interaction, faction: str, team: str | None = None) -> None:
        await run(interaction, service_of(interaction).join(await member_of(interaction), faction, team))

    @root.command(name="leave", description="Leave the game before it starts")
    async def leave(interaction: discord.Interaction) -> None:
        await run(interaction, service_of(interaction).leave(actor_of(interaction)))

    @root.command(name="start", description="Start the game once every seat is taken")
    async def start(interaction: discord.Interaction) -> None:
        await run(interaction, service_of(interaction).start(await member_of(interaction)))  # a moderator may start

    @root.command(name="status", description="Who must act, and the seats and points")
    async def status(interaction: discord.Interaction) -> None:
        await run(interaction, service_of(interaction).status(actor_of(interaction)))

    @root.command(name="hand", description="Your hand, privately")
    async def hand(interaction: discord.Interaction) -> None:
        await run(interaction, service_of(interaction).hand(actor_of(interaction)))

    @root.command(name="board", description="The board picture")
    @app_commands.describe(public="show it to everyone (default: only you)")
    async def board_cmd(interaction: discord.Interaction, public: bool = False) -> None:
        await run(interaction, service_of(interaction).board(actor_of(interaction), public))

    @root.command(name="log", description="The recent log of this game, privately")
    @app_commands.describe(lines="how many lines (default 10)")
    async def log(interaction: discord.Interaction, lines: app_commands.Range[int, 1, 50] = 10) -> None:
        await run(interaction, service_of(interaction).log(actor_of(interaction), lines))

    @root.command(name="card", description="A card's text")
    @app_commands.describe(name="the card (type to search)")
    @app_commands.autocomplete(name=any_card)
    async def card(interaction: discord.Interaction, name: str) -> None:
        await run(interaction, service_of(interaction).card(actor_of(interaction), name))

    @root.command(name="boards", description=messages.BOARDS_HELP)
    @app_commands.describe(
        when="when a new board is posted (default: as it is)", live="keep one board message up to date instead"
    )
    @app_commands.choices(when=[app_commands.Choice(name=n, value=k) for k, n in messages.BOARD_CHOICES.items()])
    async def boards(interaction: discord.Interaction, when: str | None = None, live: bool | None = None) -> None:
        actor = await member_of(interaction)
        await run(interaction, service_of(interaction).set_boards(actor, when, live))

    @root.command(name="autopass", description=messages.AUTO_PASS_HELP)
    @app_commands.describe(on="true: pass for you when you cannot answer; false: always wait (default: show it)")
    async def autopass(interaction: discord.Interaction, on: bool | None = None) -> None:
        await run(interaction, service_of(interaction).set_auto_pass(actor_of(interaction), on))

    @root.command(name="undo", description="Take back your own last actions (not past dice, draws or reveals)")
    @app_commands.describe(count="how many actions (default 1)")
    async def undo(interaction: discord.Interaction, count: app_commands.Range[int, 1, 20] = 1) -> None:
        await run(interaction, service_of(interaction).undo(actor_of(interaction), count))

    @root.command(name="export", description="This game's record as JSON (the seed only once the game has ended)")
    async def export(interaction: discord.Interaction) -> None:
        await run(interaction, service_of(interaction).export_for(actor_of(interaction)))

    return root
