"""The Lord of the Hundreds in words: the faction board's lines and why an action is refused."""

from __future__ import annotations

from rules import hand, movement, registry
from rules.actions import Action, Battle, Craft, Move, Recruit
from rules.cards import keys
from rules.factions.hundreds import board as hb
from rules.factions.hundreds import hoard
from rules.factions.hundreds.actions import (
    Anoint,
    Bitter,
    Contempt,
    Garrison,
    Incite,
    Jubilant,
    Lavish,
    Lead,
    Loot,
    Mob,
    Mood,
    Plunder,
    Stronghold,
    Target,
    Unhoard,
)
from rules.factions.hundreds.board import ID, MOB, WARLORD, WARRIOR_KEY, HundredsFlags
from rules.factions.hundreds.moods import why_not_mood
from rules.factions.hundreds.setup import garrison_sites, starting_corners_of_others
from rules.map_pieces import on_map, open_slots, suit, why_not_place
from rules.rule import rules
from rules.state import GameState

STEP_OF = {
    Recruit: ("hundreds.recruit", "the Hundreds recruit in Birdsong, after Raze"),
    Anoint: ("hundreds.anoint", "the warlord is anointed in Birdsong, and only when it is not on the map"),
    Mood: ("hundreds.mood", "the mood is chosen in Birdsong, after Anoint"),
    Lavish: ("hundreds.lavish", "Lavish removes items at the end of Birdsong, when the mood is Lavish"),
    Incite: ("hundreds.incite", "mobs are incited in Evening"),
    Jubilant: ("hundreds.incite", "Jubilant rolls follow an Incite in the warlord's clearing, in Evening"),
    Stronghold: ("hundreds.command", "strongholds are built while commanding the Hundreds, in Daylight"),
}

ASKED: dict[type[Action], str] = {
    Contempt: "Contempt for Trade is chosen right after the Hundreds craft an item",
    Unhoard: "an item leaves the Hoard this way only when one is gained onto a full track",
    Loot: "looting is declared as the Hundreds start a battle against a defender with crafted items",
    Plunder: "an item is plundered after a looting battle, or from a razed ruin holding two",
    Bitter: "Bitter is asked before the roll of a battle in a Bitter warlord's clearing with mobs near",
    Target: "the infected warlord is targeted before the roll of a battle against the Spore in its clearing",
}
"""The verbs that answer a decision, and when that decision is asked (refusals when none is)."""


def panel_lines(state: GameState, seat: int) -> list[str]:
    """The mood, the Hoard with Command and Prowess, the warlord, mobs and strongholds."""
    lines = [f"Mood: {hb.mood(state, seat).title()}"]
    for track in hb.TRACKS:
        lines.append(f"{track.title()} {hb.level(state, seat, track)}: {hoard.describe(state, seat, track)}")
    lines.append(f"Warlord: {_warlord_place(state)}")
    lines.append(f"Mobs on the map: {on_map(state, ID, 'mob')}/{hb.MOBS}")
    lines.append(f"Strongholds on the map: {on_map(state, ID, 'stronghold')}/{hb.STRONGHOLDS}")
    flags = state.turn.flags_as(HundredsFlags)
    if state.turn.seat == seat and state.turn.step in ("hundreds.command", "hundreds.command_after"):
        lines.append(f"Command actions left: {flags.get('commands', 0)}")
    if state.turn.seat == seat and state.turn.step == "hundreds.advance":
        lines.append(f"Advances left: {flags.get('advances', 0)}")
    return lines


def _warlord_place(state: GameState) -> str:
    """Where the warlord is, in words: its clearing, infected, held off the map (a Ward), or in the supply."""
    cid = hb.warlord_at(state)
    held = hb.warlord_held(state)
    if cid is not None:
        return f"clearing {cid}"
    if hb.warlord_on_map(state):
        return "on the map, not under the Hundreds' command"
    if held is not None:
        return f"in the {held[1]} of the {registry.of(state, held[0]).name} (Anoint replaces it, in Birdsong)"
    return "off the map (Anoint places it, in Birdsong)"


def why_not(state: GameState, seat: int, action: Action) -> str | None:
    """Why one of the Hundreds' actions is refused now, or None when the shared reasons should speak."""
    if isinstance(action, Garrison) and state.pending and state.pending[0]["kind"] == "setup":
        return _why_not_garrison(state, seat, action.clearing)
    if state.pending:
        return None
    step = state.turn.step
    if isinstance(action, Garrison):
        return "the garrison is placed in setup"
    if type(action) in ASKED:
        return f"nothing asks it of you now: {ASKED[type(action)]}"
    flags = state.turn.flags_as(HundredsFlags)
    if isinstance(action, Mob):
        return _why_not_mob(state, action.clearing)
    if flags.get("spread"):
        return f"first place the mob the die owes (the die shows {flags['spread']}: mob N)"
    known = STEP_OF.get(type(action))
    if known is not None and step != known[0] and not (isinstance(action, Stronghold) and step.endswith("_after")):
        return known[1]
    if isinstance(action, Recruit):
        return _why_not_recruit(state, seat, action)
    if isinstance(action, Anoint):
        return _why_not_anoint(state, action.clearing)
    if isinstance(action, Mood):
        return why_not_mood(state, seat, action.name) or (
            "the mood card is already chosen this turn" if flags.get("mood_chosen") else None
        )
    if isinstance(action, Lavish):
        if hb.mood(state, seat) != "lavish":
            return "only a Lavish warlord removes items from the Hoard"
        if action.item not in hoard.items_held(state, seat):
            return f"there is no {action.item} in your Hoard"
        return None
    if isinstance(action, Incite):
        return _why_not_incite(state, seat, action)
    if isinstance(action, Jubilant):
        if hb.mood(state, seat) != "jubilant":
            return "only a Jubilant warlord rolls the mob die after an Incite"
        return "Jubilant rolls follow an Incite in the warlord's clearing (none are left now)"
    if isinstance(action, Craft) and step != "hundreds.craft":
        return "the Hundreds craft at the start of Daylight"
    if isinstance(action, (Move, Lead, Battle, Stronghold)):
        return _why_not_daylight(state, seat, step, action)
    return None


def _why_not_garrison(state: GameState, seat: int, cid: int) -> str:
    """14.3.2: a corner no other player started in, diagonally opposite a starting corner when one is free."""
    found = [str(c) for c in garrison_sites(state, seat)]
    sites = " or ".join(filter(None, (", ".join(found[:-1]), found[-1]))) if found else "none"
    if cid not in state.board.ids():
        return f"there is no clearing {cid}"
    if cid in starting_corners_of_others(state, seat):
        return f"clearing {cid} is another player's starting corner: the garrison goes in clearing {sites}"
    return (f"the garrison goes in a corner no one started in, diagonally opposite a starting corner when one is "
            f"free: clearing {sites}")


def _why_not_mob(state: GameState, cid: int) -> str:
    flags = state.turn.flags_as(HundredsFlags)
    shown = flags.get("spread")
    if not shown:
        return "no mob is owed now: the mob die places one in Raze and after a Jubilant roll"
    sites = hb.spread_sites(state, shown)
    where = ", ".join(map(str, sites))
    return f"the mob goes in a {shown} clearing with no mob next to a mob ({where}), not clearing {cid}"


def _why_not_recruit(state: GameState, seat: int, action: Recruit) -> str:
    if not state.turn.flags_as(HundredsFlags).get("recruit"):
        return "Recruit places its warriors by itself: you choose only when too few are left for every stronghold"
    left = state.seats[seat].supply.get("warrior", 0)
    spots = hb.recruit_spots(state)
    wrong = next((c for c in action.clearings if action.clearings.count(c) > spots.count(c)), None)
    if wrong is not None:
        return f"clearing {wrong} has too few of your strongholds for that (strongholds: {', '.join(map(str, spots))})"
    return f"name {left} clearings with strongholds, one for each warrior left in your supply"


def _why_not_anoint(state: GameState, cid: int) -> str | None:
    if hb.warlord_on_map(state):
        return "the warlord is already on the map"
    if cid not in state.board.ids():
        return f"there is no clearing {cid}"
    blocked = why_not_place(state, ID, cid, "warrior")
    if blocked:
        return blocked
    return f"the warlord replaces one of your warriors: clearing {cid} has none"


def _why_not_incite(state: GameState, seat: int, action: Incite) -> str | None:
    cid = action.clearing
    if cid not in state.board.ids():
        return f"there is no clearing {cid}"
    if not hand.holds(state, seat, action.card):
        return f"{keys()[action.card].name} is not in your hand"
    if state.seats[seat].supply.get("mob", 0) <= 0:
        return "all your mobs are on the map"
    if state.clearings[cid - 1].get(MOB):
        return f"clearing {cid} already has a mob"
    if not hb.has_warrior(state, cid):
        return f"a mob is incited where you have a warrior: clearing {cid} has none"
    if not keys()[action.card].matches(suit(state, cid)):
        return f"{keys()[action.card].name} does not match clearing {cid} ({suit(state, cid)})"
    return why_not_place(state, ID, cid, "token") or f"you can't place pieces in clearing {cid}"


def _why_not_daylight(state: GameState, seat: int, step: str, action: Action) -> str | None:
    flags = state.turn.flags_as(HundredsFlags)
    if step in ("hundreds.command", "hundreds.command_after"):
        if flags.get("commands", 0) <= 0:
            return "you have no Command actions left"
        if isinstance(action, Stronghold):
            return _why_not_stronghold(state, seat, action)
        if isinstance(action, Lead):
            return _why_not_lead(state, seat, action)
        return None
    if step == "hundreds.advance":
        if isinstance(action, Stronghold):
            return "strongholds are built while commanding the Hundreds, not while advancing the warlord"
        if isinstance(action, Move):
            return "advancing, the warlord moves (lead A>B xN); a plain move is a Command action"
        cid = hb.warlord_at(state)
        if cid is None:
            return "the warlord is not on the map under your command"
        if isinstance(action, Battle) and action.clearing != cid:
            return f"advancing, the warlord battles in its own clearing ({cid})"
        if flags.get("advances", 0) <= 0 and not flags.get("relentless"):
            if isinstance(action, Battle) and flags.get("advance") == "moved":
                return None
            return "you have no advances of the warlord left"
        if isinstance(action, Lead):
            return _why_not_lead(state, seat, action)
        return None
    return "the Hundreds move, battle and build in Daylight, after crafting"


def _why_not_lead(state: GameState, seat: int, action: Lead) -> str | None:
    if action.src not in state.board.ids() or action.dst not in state.board.ids():
        return "there is no such clearing"
    if not state.clearings[action.src - 1].get(WARLORD):
        if any(p.startswith(WARLORD) and n for p, n in state.clearings[action.src - 1].items()):
            return (f"the warlord in clearing {action.src} is not on the map under your command: infected, it is "
                    "the Spore's until it is removed (TS.2.5)")
        return f"the warlord is not in clearing {action.src}"
    if action.dst not in movement.linked(state, action.src):
        return f"no path joins clearing {action.src} and clearing {action.dst}"
    have = state.clearings[action.src - 1].get(WARRIOR_KEY, 0)
    if (action.count or 0) > have:
        return f"only {have} warriors are with the warlord in clearing {action.src}"
    if not (rules(state, seat, action.src) or rules(state, seat, action.dst)):
        return f"you rule neither clearing {action.src} nor clearing {action.dst}, so you can't move between them"
    return None


def _why_not_stronghold(state: GameState, seat: int, action: Stronghold) -> str | None:
    cid = action.clearing
    if cid not in state.board.ids():
        return f"there is no clearing {cid}"
    if not hand.holds(state, seat, action.card):
        return f"{keys()[action.card].name} is not in your hand"
    if state.seats[seat].supply.get("stronghold", 0) <= 0:
        return "all six strongholds are on the map"
    if not rules(state, seat, cid):
        return f"you don't rule clearing {cid}"
    if open_slots(state, cid) <= 0:
        return f"clearing {cid} has no open building slot"
    if not keys()[action.card].matches(suit(state, cid)):
        return f"{keys()[action.card].name} does not match clearing {cid} ({suit(state, cid)})"
    return why_not_place(state, ID, cid, "building") or f"you can't place pieces in clearing {cid}"
