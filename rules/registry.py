"""The registry of plug-ins: every faction registers itself here under its id and aliases, every mode under its id.

Factions are listed in the places they declare (`Faction.order`), whatever the order their modules were imported in.

A game's mode may play a faction under its golden rules (the 3x3 game's): `plugin(state, faction)` returns the
faction as the game's mode plays it. The registry imports no plug-in and no base class, not even for its types: the
plug-ins import it, it names them by their interfaces (`rules.faction_hooks.FactionHooks`, `rules.mode_rules.ModeRules`,
leaves), and it asks them what they declare (`Faction.overrides`, `Mode.charges_move_fees`, `Mode.offers_actions`).
`rules.modes.find_mode` gives a mode as its class, `Mode`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from rules import pieces
from rules.errors import RulesError
from rules.options import STANDARD, mode_id
from rules.words import echo

if TYPE_CHECKING:
    from rules.faction_hooks import FactionHooks as Faction
    from rules.mode_rules import ModeRules as Mode
    from rules.options import GameOption
    from rules.state import GameState

_FACTIONS: dict[str, Faction] = {}
_ALIASES: dict[str, str] = {}
_PLUGINS: dict[tuple[str, str], Faction] = {}
_MODES: dict[str, Mode] = {}


def register(faction: Faction) -> Faction:
    """Make a faction available to games, with its piece kinds, in its declared place among the others."""
    if faction.id in _FACTIONS and type(_FACTIONS[faction.id]) is not type(faction):
        raise ValueError(f"a faction with the id '{faction.id}' is already registered")
    for alias in (faction.id, *faction.aliases):
        owner = _ALIASES.get(alias.lower())
        if owner is not None and owner != faction.id:
            raise ValueError(f"the alias '{alias}' already names the faction '{owner}'")
    if faction.order is not None:
        taken = next((f.id for f in _FACTIONS.values() if f.id != faction.id and f.order == faction.order), None)
        if taken is not None:
            raise ValueError(f"the faction '{taken}' already has the place {faction.order} in the list of factions")
    placed = {**_FACTIONS, faction.id: faction}
    _FACTIONS.clear()
    _FACTIONS.update(sorted(placed.items(), key=lambda item: _place(item[1])))
    for alias in (faction.id, *faction.aliases):
        _ALIASES[alias.lower()] = faction.id
    pieces.register(faction.pieces)
    forget_plugins()
    return faction


def _place(faction: Faction) -> tuple[bool, int, str]:
    """Where a faction comes in the lists of factions: by its declared place, then those with none by id."""
    return (faction.order is None, faction.order or 0, faction.id)


def unregister(fid: str) -> None:
    """Forget a faction (tests that declare throwaway factions clean up with this)."""
    _FACTIONS.pop(fid, None)
    for alias in [a for a, f in _ALIASES.items() if f == fid]:
        del _ALIASES[alias]
    pieces.unregister(fid)
    forget_plugins()


def forget_plugins() -> None:
    """Drop the cached mode-patched plug-ins (after factions or modes change)."""
    _PLUGINS.clear()
    _lineup.cache_clear()


def faction(fid: str) -> Faction:
    """The plug-in for a faction id, as the standard game plays it."""
    return _FACTIONS[fid]


def plugin(state: GameState, fid: str) -> Faction:
    """The plug-in for a faction as this game's mode plays it (under its golden rules)."""
    mode = mode_id(state.options)
    found = _PLUGINS.get((mode, fid))
    if found is None:
        found = find_mode(mode).patch(_FACTIONS[fid])
        _PLUGINS[(mode, fid)] = found
    return found


def of(state: GameState, seat: int) -> Faction:
    """The plug-in of the faction sitting at a seat, as this game's mode plays it."""
    table: Lineup | None = state.lineup
    return (table or lineup(state)).plugins[seat]


@dataclass(frozen=True)
class Lineup:
    """What a table's factions and mode declare, worked out once per game for the hot paths."""

    mode: Mode
    plugins: tuple[Faction, ...]
    overriding: dict[str, tuple[int, ...]]
    foreign_control: bool
    sides: dict[str, str]
    move_fees: bool
    mode_actions: bool
    tie_winners: tuple[int, ...]
    outright: tuple[int, ...]
    rule_bonus: tuple[int, ...]


def lineup(state: GameState) -> Lineup:
    """The table's line-up (kept on the state; clones share it)."""
    found: Lineup | None = state.lineup
    if found is None:
        seats = state.seats
        found = _lineup(mode_id(state.options), tuple(s.faction for s in seats), tuple(s.team for s in seats))
        state.lineup = found
    return found


@cache
def _lineup(mode_name: str, factions: tuple[str, ...], teams: tuple[str | None, ...]) -> Lineup:
    mode = find_mode(mode_name)
    plugins = tuple(mode.patch(_FACTIONS[fid]) for fid in factions)
    hooks = sorted({hook for p in plugins for hook in p.hook_names()})
    overriding = {hook: tuple(i for i, p in enumerate(plugins) if p.overrides(hook)) for hook in hooks}
    sides = {fid: f"team:{team}" if team else fid for fid, team in zip(factions, teams, strict=True)}
    fees, acts = mode.charges_move_fees(), mode.offers_actions()
    ties = tuple(i for i, p in enumerate(plugins) if p.wins_rule_ties)
    foreign = any(p.controls_others_warriors for p in plugins)
    outright, bonus = overriding.get("rules_outright", ()), overriding.get("rule_bonus", ())
    return Lineup(mode, plugins, overriding, foreign, sides, fees, acts, ties, outright, bonus)


def seats_overriding(state: GameState, hook: str) -> tuple[int, ...]:
    """Seats of this game whose faction overrides a Faction hook (hot paths skip the others)."""
    return lineup(state).overriding.get(hook, ())


def find_faction(name: str) -> str | None:
    """A faction id from its id, any alias or its name as the bot writes it ('Keepers in Iron': the hyphenated alias),
    case-insensitive."""
    key = name.strip().lower()
    return _ALIASES.get(key) or _ALIASES.get("-".join(key.split()))


def aliases() -> dict[str, str]:
    """Every alias and the id it names."""
    return dict(_ALIASES)


def all_ids() -> list[str]:
    """Ids of every registered faction."""
    return list(_FACTIONS)


def playable_ids() -> list[str]:
    """Ids of the factions players may choose (those still being built are left out)."""
    return [fid for fid, f in _FACTIONS.items() if f.playable]


def game_options(mode_name: str, faction_ids: Iterable[str]) -> list[GameOption]:
    """The game options a game of this mode and these factions reads: the mode's, then each faction's, in order."""
    out = list(find_mode(mode_name).game_options)
    for fid in faction_ids:
        out += [o for o in faction(fid).game_options if o not in out]
    return out


def register_mode(mode: Mode) -> Mode:
    """Make a mode available."""
    if mode.id in _MODES and type(_MODES[mode.id]) is not type(mode):
        raise ValueError(f"a mode with the id '{mode.id}' is already registered")
    _MODES[mode.id] = mode
    forget_plugins()
    return mode


def unregister_mode(name: str) -> None:
    """Forget a mode (tests that declare throwaway modes clean up with this); the standard game stays."""
    if name != STANDARD:
        _MODES.pop(name, None)
        forget_plugins()


def mode_ids() -> list[str]:
    """Ids of every mode."""
    return sorted(_MODES)


def playable_mode_ids() -> list[str]:
    """Ids of the modes players may choose."""
    return sorted(m for m, mode in _MODES.items() if mode.playable)


def find_mode(name: str) -> Mode:
    """The mode with this id (or one of its aliases, in any case)."""
    if name in _MODES:
        return _MODES[name]
    wanted = name.strip().lower()
    found = next((m for m in _MODES.values() if wanted == m.id or wanted in m.aliases), None)
    if found is None:
        raise RulesError(f"unknown mode '{echo(name, 24)}'; modes are {', '.join(sorted(_MODES))}")
    return found
