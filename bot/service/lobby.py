"""Lobby commands: create a game in a channel, join and leave it, start it."""

from __future__ import annotations

import json
from typing import Any

import rules
from bot import messages
from bot.service.core import ServiceCore, in_range, one_at_a_time, owe_board
from bot.service.describe import describe
from bot.service.outbox import Outbox
from bot.service.present import start_text
from bot.service.table import Actor, Refusal, Table, faction_name
from bot.service.threads import opening_post
from bot.settings import ROUND_LIMIT, WIN_POINTS
from bot.storage.models import Game, SeatRow
from bot.storage.store import Change, SeatTaken
from rules import registry
from rules.actions import closest_first
from rules.modes import all_ids as all_mode_ids
from rules.modes import find_mode
from rules.modes import playable_ids as playable_mode_ids
from rules.options import mode_id as mode_of_options
from rules.options import word
from rules.words import echo

MIN_SEATS, MAX_SEATS = 2, 6


def known_faction(name: str) -> str:
    """A faction's id from its name or alias, or a refusal listing the factions (closest first)."""
    fid = registry.find_faction(name)
    if fid is None:
        known = ", ".join(closest_first(name, registry.playable_ids()))
        raise Refusal(messages.REFUSED.format(reason=messages.UNKNOWN_FACTION.format(name=echo(name), known=known)))
    if fid not in registry.playable_ids():
        known = ", ".join(registry.playable_ids())
        reason = messages.NOT_PLAYABLE_FACTION.format(name=registry.faction(fid).name, known=known)
        raise Refusal(messages.REFUSED.format(reason=reason))
    return fid


def resolve_factions(text: str | None) -> list[str]:
    """Faction ids from a comma-separated list of names or aliases (all factions when empty)."""
    if not text or not text.strip():
        return registry.playable_ids()
    out: list[str] = []
    for name in (n.strip() for n in text.replace(";", ",").split(",")):
        if not name:
            continue
        fid = known_faction(name)
        if fid not in out:
            out.append(fid)
    return out


def read_game_options(text: str | None, mode: str, factions: list[str]) -> dict[str, Any]:
    """Game options typed as 'name=value, name=value', checked against those this mode and these factions read."""
    if not text or not text.strip() or mode not in all_mode_ids():
        return {}
    declared = {o.name: o for o in registry.game_options(mode, factions)}
    out: dict[str, Any] = {}
    for item in (part.strip() for part in text.replace(";", ",").split(",")):
        if not item:
            continue
        name, _, value = (piece.strip() for piece in item.partition("="))
        option = declared.get(name.lower())
        if option is None:
            known = ", ".join(closest_first(name, list(declared))) or messages.NO_GAME_OPTIONS
            reason = messages.UNKNOWN_GAME_OPTION.format(name=echo(name), known=known)
            raise Refusal(messages.REFUSED.format(reason=reason))
        found = option.read(value)
        if found is None:
            reason = messages.BAD_GAME_OPTION.format(name=option.name, values=option.choices(), value=echo(value))
            raise Refusal(messages.REFUSED.format(reason=reason))
        if out.get(option.name, found) != found:  # which one was meant? (the same value twice is harmless)
            reason = messages.GAME_OPTION_TWICE.format(name=option.name, first=word(out[option.name]), then=word(found))
            raise Refusal(messages.REFUSED.format(reason=reason))
        out[option.name] = found
    return out


def game_option_choices(mode: str | None, factions: str | None) -> dict[str, str]:
    """Every value of every game option a game of this mode and these factions reads, as 'name=value' with what it
    chooses (for autocomplete; an unknown mode offers none, unknown factions count as all of them)."""
    chosen = mode_id(mode or "standard")
    if chosen not in all_mode_ids():
        return {}
    try:
        allowed = resolve_factions(factions)
    except Refusal:
        allowed = registry.playable_ids()
    out: dict[str, str] = {}
    for option in registry.game_options(chosen, allowed):
        for value in option.values:
            typed = f"{option.name}={word(value)}"
            out[typed] = f"{typed}: {option.what}"[:100]
    return out


def options_text(settings: dict[str, Any]) -> str:
    """The game options a lobby sets, in words ('' when none)."""
    chosen = settings.get("game_options") or {}
    if not chosen:
        return ""
    return messages.GAME_OPTIONS.format(options=", ".join(f"{k}={word(v)}" for k, v in chosen.items()))


def lobby_settings(
    mode: str,
    board: str,
    seats: int,
    factions: list[str],
    win_points: int | None,
    round_limit: int | None,
    game_options: str | None = None,
) -> dict[str, Any]:
    """The settings a lobby keeps until the game starts, checked against the engine."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise Refusal(
            messages.REFUSED.format(reason=messages.BAD_SEATS.format(low=MIN_SEATS, high=MAX_SEATS, seats=seats))
        )
    if len(factions) < seats:
        allowed = messages.plural(len(factions), "faction is", "factions are")
        reason = messages.TOO_FEW_FACTIONS.format(allowed=allowed, seats=seats)
        raise Refusal(messages.REFUSED.format(reason=reason))
    if mode in all_mode_ids() and mode not in playable_mode_ids():
        reason = messages.NOT_PLAYABLE_MODE.format(mode=echo(mode), known=", ".join(playable_mode_ids()))
        raise Refusal(messages.REFUSED.format(reason=reason))
    if uses_teams(mode):
        _team_mode_seats(mode, seats)
        find_mode(mode).validate_board({"board": board})  # the rest of a team game is checked at /root start
    in_range("win_points", win_points, WIN_POINTS)
    in_range("round_limit", round_limit, ROUND_LIMIT)
    settings = {
        "mode": mode,
        "board": board,
        "seats": seats,
        "factions": factions,
        "win_points": win_points,
        "round_limit": round_limit,
        "game_options": read_game_options(game_options, mode, factions),
    }
    if not uses_teams(mode):  # a team mode's line-up is checked at /root start, once players chose teams
        rules.new_game(engine_options(settings, factions[:seats], {}), 0)  # the engine refuses bad options
    return settings


def _team_mode_seats(mode: str, seats: int) -> None:
    """A team mode's own seat range."""
    found = find_mode(mode)
    if not found.min_seats <= seats <= found.max_seats:
        template = messages.MODE_EXACT_SEATS if found.min_seats == found.max_seats else messages.MODE_SEATS
        reason = template.format(mode=mode, low=found.min_seats, high=found.max_seats, seats=seats)
        raise Refusal(messages.REFUSED.format(reason=reason))


def engine_options(settings: dict[str, Any], factions: list[str], teams: dict[str, str]) -> dict[str, Any]:
    """The engine's options for a lobby's settings and the factions in seat order."""
    options: dict[str, Any] = {**(settings.get("game_options") or {})}
    options.update({"factions": factions, "mode": settings["mode"], "board": settings["board"]})
    if settings.get("win_points"):
        options["win_points"] = int(settings["win_points"])
    if settings.get("round_limit"):
        options["round_limit"] = int(settings["round_limit"])
    if teams:
        options["teams"] = teams
    return options


def mode_id(mode: str) -> str:
    """A mode typed by its id or an alias ('3x3'), as its id; an unknown one as typed (the engine refuses it)."""
    try:
        return find_mode(mode).id
    except rules.RulesError:
        return mode


def board_id(board: str) -> str:
    """A map (or two joined with '+') typed in any case, as the engine names it: 'Lake' and 'Lake map' (as the bot
    writes it) are 'lake'."""
    return "+".join(_map_word(part) for part in board.split("+"))


def _map_word(part: str) -> str:
    words = part.lower().split()
    return " ".join(words[:-1] if len(words) > 1 and words[-1] == "map" else words)


def uses_teams(mode: str) -> bool:
    """Whether a game mode is played in teams (the standard game is not)."""
    try:
        return bool(getattr(find_mode(mode), "teams", False))
    except rules.RulesError:
        return False


def goal_text(settings: dict[str, Any]) -> str:
    """How a game is won, in words (a mode may have its own target and number of rounds)."""
    mode = find_mode(mode_of_options(settings))
    rounds = settings.get("round_limit") or mode.rounds
    limit = messages.ROUND_LIMIT.format(rounds=rounds) if rounds else ""
    goal = messages.TEAM_GOAL if mode.teams else messages.GOAL
    points = settings.get("win_points") or mode.default_win_points
    return goal.format(points=messages.plural(points, "point"), limit=limit)


def board_words(settings: dict[str, Any]) -> str:
    """The map (or joined maps) a lobby's game is played on, in words: 'autumn map'."""
    boards = find_mode(mode_of_options(settings)).board_id({"board": settings["board"]}).split("+")
    if len(boards) == 1:
        return messages.ONE_MAP.format(board=boards[0])
    return messages.JOINED_MAPS.format(boards=" and ".join(boards))


def seated_words(table_seats: list[SeatRow]) -> str:
    """Who sits where in a lobby (an automated player named as such), with each player's team in a team game."""
    out = []
    for s in table_seats:
        template = messages.SEATED_TEAM_PLAYER if s.team else messages.SEATED_PLAYER
        user = messages.AUTOMATED if s.automated else messages.shown_name(s.user_name)
        out.append(template.format(faction=faction_name(s.faction), user=user, team=s.team))
    return ", ".join(out) or messages.NOBODY


def team_size(mode: str, seats: int) -> int:
    """How many players each team of a team mode has at a table of this many seats."""
    return seats // max(1, len(find_mode(mode).team_names))


def _team_for(mode: str, team: str | None, seats: int, taken: list[SeatRow]) -> str | None:
    """The team a player joins: required in a team mode, one of its teams, and not already full."""
    if not uses_teams(mode):
        if team:
            raise Refusal(messages.REFUSED.format(reason=messages.NO_TEAMS.format(mode=mode)))
        return None
    names = find_mode(mode).team_names
    if not team:
        options = " or ".join(f"team:{n}" for n in names)
        raise Refusal(messages.REFUSED.format(reason=messages.NEEDS_TEAM.format(mode=mode, options=options)))
    found = _team_name(mode, team)
    size = team_size(mode, seats)
    if names and sum(1 for s in taken if s.team == found) >= size:
        raise Refusal(messages.REFUSED.format(reason=messages.TEAM_FULL.format(team=found, size=size)))
    return found


def seat_team(mode: str, row: SeatRow, team: str | None) -> None:
    """Refuse a team named for a running game's seat unless it is the seat's own (teams never change in play)."""
    if not team or not team.strip():
        return
    if not uses_teams(mode):
        raise Refusal(messages.REFUSED.format(reason=messages.NO_TEAMS.format(mode=mode)))
    if _team_name(mode, team) != row.team:
        kept = messages.TEAM_KEPT.format(faction=faction_name(row.faction), team=row.team)
        raise Refusal(messages.REFUSED.format(reason=kept))


def _team_name(mode: str, team: str | None) -> str | None:
    """A team as the mode names it (A, B: any case, also 'Team B' as the bot writes it), or a refusal naming the
    teams."""
    if not team:
        return None
    names = find_mode(mode).team_names
    words = team.lower().split()
    letter = " ".join(words[1:] if len(words) > 1 and words[0] == "team" else words)
    found = next((n for n in names if n.lower() == letter), None)
    if names and found is None:
        reason = messages.BAD_TEAM.format(mode=mode, teams=" and ".join(names), team=echo(team))
        raise Refusal(messages.REFUSED.format(reason=reason))
    return found or team


def automated_factions(text: str, allowed: list[str], seats: int) -> list[str]:
    """The factions named for automated players at /root create: known, allowed in the game, no more than the seats."""
    found = resolve_factions(text)
    for fid in found:
        if fid not in allowed:
            names = ", ".join(faction_name(f) for f in allowed)
            raise Refusal(messages.FACTION_NOT_ALLOWED.format(faction=faction_name(fid), allowed=names))
    if len(found) > seats:
        raise Refusal(messages.TABLE_FULL.format(seats=seats))
    return found


def _full(table: Table, team: str, size: int) -> bool:
    return sum(1 for s in table.seats if s.team == team) >= size


class Lobby(ServiceCore):
    """Creating, joining, leaving and starting games."""

    @one_at_a_time
    async def create(
        self,
        actor: Actor,
        mode: str = "standard",
        board: str = "autumn",
        seats: int = 2,
        factions: str | None = None,
        win_points: int | None = None,
        round_limit: int | None = None,
        game_options: str | None = None,
        automated: str | None = None,
    ) -> Outbox:
        """Open a lobby in the actor's channel; `automated` names factions automated players take at once (moderators
        only)."""
        mode = mode_id(mode)
        allowed = resolve_factions(factions)
        settings = lobby_settings(mode, board_id(board), seats, allowed, win_points, round_limit, game_options)
        robots = automated_factions(automated, allowed, seats) if automated and automated.strip() else []
        if robots and not actor.moderator:
            raise Refusal(messages.NOT_A_MODERATOR)
        now = self.now()
        game = Game(
            channel_id=actor.channel_id,
            guild_id=actor.guild_id,
            status="lobby",
            lobby=json.dumps(settings),
            reminder_hours=await self.reminder_hours(actor.guild_id),
            created_by=actor.user_id,
            created_at=now,
            updated_at=now,
        )
        if not await self.store.create(game):
            existing = await self.table(actor.channel_id)
            raise Refusal(messages.GAME_EXISTS.format(status=existing.game.status))
        names = ", ".join(faction_name(f) for f in allowed)
        where = board_words(settings)
        join = messages.TEAM_JOIN if uses_teams(mode) else messages.JOIN
        goal, options = goal_text(settings), options_text(settings)
        text = messages.CREATED.format(
            mode=mode, board=where, seats=seats, factions=names, goal=goal, options=options, join=join
        )
        table = Table(Game(**game.model_dump()), [])  # a copy: its version follows the seats added
        lines = [text] + [await self.seat_automated(table, fid) for fid in robots]
        return Outbox(public="\n".join(lines))

    async def seat_automated(self, table: Table, fid: str, team: str | None = None) -> str:
        """Seat an automated player at a lobby's free faction (a team game: the team given, else the first not full);
        what to announce. The table is updated as the store is."""
        settings = table.lobby
        allowed, seats = list(settings["factions"]), int(settings["seats"])
        if fid not in allowed:
            names = ", ".join(faction_name(f) for f in allowed)
            raise Refusal(messages.FACTION_NOT_ALLOWED.format(faction=faction_name(fid), allowed=names))
        if len(table.seats) >= seats:
            raise Refusal(messages.TABLE_FULL.format(seats=seats))
        if table.by_faction(fid) is not None:
            raise Refusal(messages.FACTION_TAKEN.format(faction=faction_name(fid)))
        mode = settings["mode"]
        if uses_teams(mode) and not team:
            team = next((t for t in find_mode(mode).team_names if not _full(table, t, team_size(mode, seats))), None)
        team = _team_for(mode, team, seats, list(table.seats))
        now = self.now()
        row = SeatRow(channel_id=table.game.channel_id, faction=fid, team=team or None, joined_at=now, automated=True)
        await self.store.add_seat(table.game.version, row, now)
        table.seats.append(row)
        table.game.version += 1
        template = messages.AUTOMATED_JOINED_TEAM if team else messages.AUTOMATED_JOINED
        return template.format(faction=faction_name(fid), team=team, taken=len(table.seats), seats=seats)

    @one_at_a_time
    async def join(self, actor: Actor, faction: str, team: str | None = None) -> Outbox:
        """Claim a free faction (in a lobby, or a seat left without a player)."""
        table = await self.table(actor.channel_id)
        finished = table.finished_text()
        if finished:
            raise Refusal(finished)
        seated = table.seat_of(actor.user_id)
        if seated is not None:
            raise Refusal(messages.ALREADY_SEATED.format(faction=faction_name(seated.faction)))
        fid = known_faction(faction)
        if table.game.status == "lobby":
            return await self._join_lobby(table, actor, fid, team)
        return await self._claim(table, actor, fid)

    async def _join_lobby(self, table: Table, actor: Actor, fid: str, team: str | None) -> Outbox:
        settings = table.lobby
        allowed = list(settings["factions"])
        if fid not in allowed:
            names = ", ".join(faction_name(f) for f in allowed)
            raise Refusal(messages.FACTION_NOT_ALLOWED.format(faction=faction_name(fid), allowed=names))
        if len(table.seats) >= int(settings["seats"]):
            raise Refusal(messages.TABLE_FULL.format(seats=settings["seats"]))
        if table.by_faction(fid) is not None:
            raise Refusal(messages.FACTION_TAKEN.format(faction=faction_name(fid)))
        team = _team_for(settings["mode"], team, int(settings["seats"]), list(table.seats))
        row = SeatRow(
            channel_id=actor.channel_id,
            faction=fid,
            user_id=actor.user_id,
            user_name=actor.name,
            team=team or None,
            joined_at=self.now(),
        )
        try:
            await self.store.add_seat(table.game.version, row, self.now())
        except SeatTaken:
            raise Refusal(messages.FACTION_TAKEN.format(faction=faction_name(fid))) from None
        taken, seats = len(table.seats) + 1, int(settings["seats"])
        template = messages.JOINED_TEAM if team else messages.JOINED
        user = f"<@{actor.user_id}>"
        text = template.format(user=user, faction=faction_name(fid), team=team, taken=taken, seats=seats)
        if taken == seats:
            text += "\n" + messages.JOINED_FULL
        return Outbox(public=text)

    async def _claim(self, table: Table, actor: Actor, fid: str) -> Outbox:
        row = table.by_faction(fid)
        if row is not None and row.automated:
            raise Refusal(messages.AUTOMATED_SEAT.format(faction=faction_name(fid)))
        if row is None or row.user_id is not None:
            raise Refusal(messages.FACTION_TAKEN.format(faction=faction_name(fid)) if row else messages.NOT_IN_LOBBY)
        guild = await self.store.guild(table.game.guild_id)
        if guild is not None and guild.vacated_seats == "moderators" and not actor.moderator:
            raise Refusal(messages.VACATED_FOR_MODERATORS)
        await self.hand_seat(table, fid, actor.user_id, actor.name)
        outbox = Outbox(public=messages.CLAIMED.format(user=f"<@{actor.user_id}>", faction=faction_name(fid)))
        outbox.seat_posts = opening_post(table, fid, actor.user_id, actor.name, table.game.version + 1)
        outbox.team_threads = True  # a team game: the new player joins their team's thread
        return outbox

    @one_at_a_time
    async def leave(self, actor: Actor) -> Outbox:
        """Give up one's faction before the game starts."""
        table = await self.table(actor.channel_id)
        row = table.seat_of(actor.user_id)
        if row is None:
            raise Refusal(table.unseated_text())
        if table.game.status != "lobby":
            raise Refusal(messages.NOT_IN_LOBBY)
        await self.store.remove_seat(table.game.version, actor.channel_id, row.faction, self.now())
        seats = int(table.lobby["seats"])
        text = messages.LEFT.format(
            user=f"<@{actor.user_id}>", faction=faction_name(row.faction), taken=len(table.seats) - 1, seats=seats
        )
        return Outbox(public=text)

    @one_at_a_time
    async def start(self, actor: Actor) -> Outbox:
        """Deal out a seeded setup once every seat is taken; setup choices go to the seats that make them."""
        table = await self.table(actor.channel_id)
        if table.game.status != "lobby":
            raise Refusal(messages.NOT_IN_LOBBY)
        if table.seat_of(actor.user_id) is None and not actor.moderator:
            raise Refusal(table.unseated_text())
        if len(table.seats) < int(table.lobby["seats"]):
            raise Refusal(table.missing_text())
        factions = [s.faction for s in table.seats]
        teams = {s.faction: s.team for s in table.seats if s.team} if uses_teams(table.lobby["mode"]) else {}
        options = engine_options(table.lobby, factions, teams)
        seed = self.seed_for(actor.channel_id)
        state = rules.new_game(options, seed)
        numbers = {f: i for i, f in enumerate(factions)}
        for row in table.seats:
            row.seat = numbers[row.faction]
        table.use(state)
        now = self.now()
        change = Change(
            channel_id=actor.channel_id,
            expected=table.game.version,
            now=now,
            status="active",
            state=state.dumps(),
            options=json.dumps(options),
            seed=seed,
            rules=rules.RULES_REVISION,
            seat_numbers=numbers,
            deadline=self.arm(table, state, now),
        )
        outbox = Outbox(public=start_text(table, state))
        opening = {s.seat for s in table.seats if s.seat is not None}
        describe(outbox, table, None, state, [], [], opening)
        outbox.team_threads = True  # a team game: each team gets its private thread
        await self.store.save(owe_board(change, outbox))
        return outbox
