"""The Keepers in Iron's words: what each step asks, why an action is refused, and the faction board's public lines."""

from __future__ import annotations

from typing import cast

from rules import battle, hand
from rules.actions import Action, Battle, Craft, Move, Pass, Recruit
from rules.cards import card, keys
from rules.factions.keepers.actions import (
    RETAINER_WORD,
    Carry,
    Decamp,
    Delve,
    Encamp,
    Recover,
    Relic,
    Retinue,
    Shift,
    Trophy,
    uses_retainer,
)
from rules.factions.keepers.board import (
    COLUMN_NAMES,
    COLUMNS,
    FACE_UP,
    ID,
    RELICS,
    RETAINER,
    RETINUE_LIMIT,
    STATION_KINDS,
    TROPHIES_AREA,
    WARRIOR_KEY,
    columns_filled,
    family_of,
    flags,
    hidden_values,
    info,
    on_map_edge,
    parse_relic,
    recovered,
    relics_at,
    retinue,
    retinue_size,
    station_clearings,
    stations_at,
    stations_in_supply,
)
from rules.map_pieces import open_slots, suit, why_not_place
from rules.pieces import BUILDING
from rules.rule import rules
from rules.state import GameState

COLUMN_OF_STEP = {"keepers.move": "move", "keepers.delve": "delve", "keepers.recover": "recover"}
STEP_OF_COLUMN = {column: step for step, column in COLUMN_OF_STEP.items()}


def _suit_of(cid: int) -> str:
    return "bird" if cid == RETAINER else card(cid).suit


def _card_words(cid: int) -> str:
    return "Faithful Retainer" if cid == RETAINER else f"{card(cid).name} ({card(cid).suit})"


# --- prompts -------------------------------------------------------------------------------------------------------


def prompt_of(state: GameState, step: str) -> str | None:
    """What each of the Keepers' steps asks, or None for the default."""
    column = COLUMN_OF_STEP.get(step)
    if column is not None:
        todo = flags(state).get("todo", {}).get(column, [])
        cards = ", ".join(_card_words(c) for c in todo) or "no card left"
        going = " (the Recover under way may go on)" if flags(state).get("recovering") else ""
        how = {
            "move": "move from a clearing of a card's suit (relics may go along)",
            "delve": "delve N CARD: battle there if anyone can be battled, then delve",
            "recover": "move, or recover N RELIC CARD at a waystation of the relic's kind",
        }[column]
        return f"act with the Retinue's {COLUMN_NAMES[column]} column ({cards}){going}: {how}; or end"
    return {
        "keepers.encamp": "encamp: replace a warrior with a waystation (encamp N figure_tablet), or end",
        "keepers.decamp": "decamp: replace a waystation with a warrior (decamp N WAYSTATION), or end",
        "keepers.recruit": "recruit: spend a card for two warriors at a waystation of its suit (recruit CARD N), or "
        "end",
        "keepers.craft": "craft with waystations, or end crafting",
        "keepers.gather": "gather the Retinue: add cards (retinue CARD COLUMN) or shift one card (shift CARD COLUMN), "
        "or end",
    }.get(step)


# --- refusals ------------------------------------------------------------------------------------------------------


def why_first(state: GameState, action: Action) -> str | None:
    """A move, battle or craft out of its step: said before the shared reasons (rule, pieces, crafting pieces)."""
    if state.pending:
        return None
    step = state.turn.step
    if isinstance(action, Move):
        return _why_not_column(state, step, ("move", "recover"), "move")
    if isinstance(action, Battle):
        return "the Keepers battle only with a Battle then Delve card of the Retinue: delve N DEFENDER CARD"
    if isinstance(action, Craft) and step != "keepers.craft":
        return "the Keepers craft in Daylight, before acting with the Retinue"
    return None


def why_not(state: GameState, seat: int, action: Action) -> str | None:
    """Why one of the Keepers' actions is refused now, or None to let the shared reasons speak."""
    step = state.turn.step
    if isinstance(action, Trophy):
        return "a relic is placed in a forest only by whoever removed it, when it was removed"
    if isinstance(action, Relic):
        return _why_not_relic(state, action)
    if isinstance(action, Carry):
        return _why_not_carry(state, action)
    if isinstance(action, Pass) and state.pending and state.pending[0].get("what") == "delve":
        return None
    if state.pending:
        return None
    if isinstance(action, Encamp):
        return _why_not_encamp(state, seat, action) if step == "keepers.encamp" else _out_of_step("encamp", step)
    if isinstance(action, Decamp):
        return _why_not_decamp(state, seat, action) if step == "keepers.decamp" else _out_of_step("decamp", step)
    if isinstance(action, Recruit):
        return _why_not_recruit(state, seat, action) if step == "keepers.recruit" else _out_of_step("recruit", step)
    if isinstance(action, Craft) and step != "keepers.craft":
        return "the Keepers craft in Daylight, before acting with the Retinue"
    if isinstance(action, Move):
        return _why_not_move(state, action, step)
    if isinstance(action, Battle):
        return "the Keepers battle only with a Battle then Delve card of the Retinue: delve N DEFENDER CARD"
    if isinstance(action, Delve):
        return _why_not_delve(state, seat, action, step)
    if isinstance(action, Recover):
        return _why_not_recover(state, action, step)
    if isinstance(action, (Retinue, Shift)):
        return _why_not_gather(state, seat, action, step)
    return None


def _out_of_step(verb: str, step: str) -> str:
    when = {"encamp": "first in Birdsong", "decamp": "in Birdsong, after encamping", "recruit": "in Birdsong, last"}
    return f"the Keepers {verb} {when[verb]}; now they must {prompt_of_step(step)}"


def prompt_of_step(step: str) -> str:
    """A step in a few words."""
    names = {
        "keepers.encamp": "encamp", "keepers.decamp": "decamp", "keepers.recruit": "recruit",
        "keepers.craft": "craft", "keepers.move": "act with the Move column",
        "keepers.delve": "act with the Battle then Delve column", "keepers.recover": "act with the Move or Recover "
        "column", "keepers.gather": "gather the Retinue",
    }
    return names.get(step, "go on with their turn")


def _why_not_encamp(state: GameState, seat: int, action: Encamp) -> str | None:
    if action.waystation not in STATION_KINDS:
        return f"'{action.waystation}' is not a waystation side; they are: {', '.join(STATION_KINDS)}"
    if family_of(action.waystation) not in stations_in_supply(state, seat):
        return f"that waystation is on the map already; on your board: {_families(state, seat) or 'none'}"
    cid = action.clearing
    if cid in flags(state).get("encamped", []):
        return f"you have encamped in clearing {cid} already this Birdsong"
    here = state.clearings[cid - 1]
    camped = any(c.get(WARRIOR_KEY) or any(k.split(":", 1)[1] in STATION_KINDS for k in c if k.startswith(f"{ID}:"))
                 for c in state.clearings)
    if camped and not here.get(WARRIOR_KEY):
        return f"you have no Keeper warrior in clearing {cid} to replace with a waystation"
    if not camped and not on_map_edge(state, cid):
        return f"with no warrior or waystation in any clearing, you encamp in a clearing on the map edge, not {cid}"
    if open_slots(state, cid) <= 0:
        return f"clearing {cid} has no open building slot"
    return why_not_place(state, ID, cid, BUILDING)


def _families(state: GameState, seat: int) -> str:
    return ", ".join(f"{f} or {'_'.join(reversed(f.split('_')))}" for f in stations_in_supply(state, seat))


def _why_not_decamp(state: GameState, seat: int, action: Decamp) -> str | None:
    cid = action.clearing
    if action.waystation not in STATION_KINDS:
        return f"'{action.waystation}' is not a waystation side; they are: {', '.join(STATION_KINDS)}"
    there = stations_at(state, cid)
    if action.waystation not in there:
        shown = ", ".join(sorted(set(there))) or "none"
        return f"there is no {action.waystation} waystation in clearing {cid} (there: {shown})"
    if cid in flags(state).get("decamped", []):
        return f"you have decamped in clearing {cid} already this Birdsong"
    if state.seats[seat].supply.get("warrior", 0) <= 0:
        return "you have no warrior in your supply to replace the waystation with"
    return why_not_place(state, ID, cid, None)


def _why_not_recruit(state: GameState, seat: int, action: Recruit) -> str | None:
    if state.seats[seat].supply.get("warrior", 0) <= 0:
        return "you have no warriors left in your supply"
    if action.card is None:
        return "recruiting spends a card of the waystation's suit: recruit CARD N"
    sites = sorted(set(station_clearings(state)))
    for cid in action.clearings:
        if cid not in sites:
            return f"you recruit only at a waystation; yours are in {', '.join(map(str, sites)) or 'no clearing'}"
        c = keys()[action.card]
        if not c.matches(suit(state, cid)):
            return f"{c.name} ({c.suit}) does not match clearing {cid} ({suit(state, cid)})"
    if len(action.clearings) != 1:
        return "recruit at one waystation per card: recruit CARD N"
    return why_not_place(state, ID, action.clearings[0], None)


def _why_not_column(state: GameState, step: str, columns: tuple[str, ...], what: str) -> str | None:
    """Why a Retinue action is out of its column's step."""
    if step in (STEP_OF_COLUMN[c] for c in columns):
        return None
    names = " or ".join(f"the {COLUMN_NAMES[c]} column" for c in columns)
    if state.turn.phase == "daylight" and step in COLUMN_OF_STEP:
        return (f"the Keepers {what} with a card of {names}; the Retinue acts left to right, now they "
                f"{prompt_of_step(step)}")
    return f"the Keepers {what} in Daylight with a card of {names} of the Retinue"


def _suit_reason(state: GameState, column: str, cid: int, named_suit: str | None) -> str | None:
    """Why no card of the column left to act fits a clearing (or the suit named)."""
    todo = flags(state).get("todo", {}).get(column, [])
    if not todo:
        return f"no card of the {COLUMN_NAMES[column]} column is left to act this Daylight; end it"
    suits = sorted({_suit_of(c) for c in todo})
    if named_suit is not None and named_suit not in suits:
        return f"no {named_suit} card of the {COLUMN_NAMES[column]} column is left to act (left: {', '.join(suits)})"
    clearing_suit = suit(state, cid)
    fitting = [s for s in suits if s in ("bird", clearing_suit) and named_suit in (None, s)]
    if not fitting:
        return (f"clearing {cid} is {clearing_suit}: the {COLUMN_NAMES[column]} column's cards left are "
                f"{', '.join(suits)}")
    return None


def _why_not_move(state: GameState, action: Move, step: str) -> str | None:
    late = _why_not_column(state, step, ("move", "recover"), "move")
    if late:
        return late
    if not isinstance(action.src, int):
        return None
    return _suit_reason(state, COLUMN_OF_STEP[step], action.src, action.suit)


def _why_not_carry(state: GameState, action: Carry) -> str:
    pending = state.pending[0] if state.pending else None
    if pending is None or pending.get("what") != "carry":
        return "relics are carried right after a move of Keeper warriors out of their clearing, one per warrior"
    src = int(cast(dict[str, int], pending).get("src", 0))
    here = relics_at(state.clearings[src - 1])
    shown = ", ".join(sorted(here)) or "none"
    if action.relic not in FACE_UP:
        return f"'{action.relic}' is not a relic with its value; relics in clearing {src}: {shown}"
    return f"there is no {action.relic} relic in clearing {src} (relics there: {shown})"


def _card_reason(state: GameState, column: str, action: Delve | Recover) -> str | None:
    """Why the Retinue card an action names is not one of the column's cards left to act."""
    todo = flags(state).get("todo", {}).get(column, [])
    left = ", ".join(_card_words(c) for c in todo) or "none"
    if action.card is None and action.retainer != RETAINER_WORD:
        return f"name the Retinue card used (its name, or '{RETAINER_WORD}'); left to act: {left}"
    if action.card is not None and action.retainer is not None:
        return f"name one Retinue card: a card, or '{RETAINER_WORD}'"
    if uses_retainer(action):
        found = RETAINER in todo
    else:
        found = any(c != RETAINER and card(c).key == action.card for c in todo)
    if not found:
        shown = "a Faithful Retainer" if uses_retainer(action) else keys()[str(action.card)].name
        return f"{shown} is not in the {COLUMN_NAMES[column]} column left to act (left: {left})"
    cid = action.clearing
    used_suit = "bird" if uses_retainer(action) else keys()[str(action.card)].suit
    if used_suit not in ("bird", suit(state, cid)):
        return f"clearing {cid} is {suit(state, cid)}: the card used is {used_suit}"
    return None


def _why_not_delve(state: GameState, seat: int, action: Delve, step: str) -> str | None:
    late = _why_not_column(state, step, ("delve",), "delve")
    if late:
        return late
    reason = _card_reason(state, "delve", action)
    if reason:
        return reason
    cid = action.clearing
    foes = battle.defenders(state, seat, cid)
    if not state.clearings[cid - 1].get(WARRIOR_KEY) and not foes:
        return f"you have no Keeper warrior in clearing {cid}: you can neither battle nor delve there"
    if foes and action.defender is None:
        names = ", ".join(foes)
        return f"you must battle in clearing {cid} before delving, since enemies there can be battled: name one " \
               f"({names})"
    if action.defender is not None:
        return battle.why_not_battle(state, seat, cid, action.defender)
    if not rules(state, seat, cid):
        return f"you must rule clearing {cid} to delve there"
    return f"no relic lies in a forest next to clearing {cid}"


def _why_not_relic(state: GameState, action: Relic) -> str | None:
    pending = state.pending[0] if state.pending else None
    if pending is None or pending.get("what") != "delve":
        return "a relic is delved after choosing a clearing with a Battle then Delve card (delve N CARD)"
    delving = flags(state).get("delving") or [0]
    cid = delving[0]
    if action.forest not in state.board.forests_of(cid):
        near = ", ".join(f"f{f}" for f in sorted(state.board.forests_of(cid)))
        return f"forest {action.forest} is not next to clearing {cid}; its forests are {near}"
    there = relics_at(state.forests[action.forest])
    if parse_relic(action.relic) is None:
        return f"'{action.relic}' is not a relic; relics are figure, tablet, jewelry (face down) or figure3 …"
    if action.relic not in there:
        shown = ", ".join(sorted(there)) or "none"
        return f"there is no {action.relic} relic in forest {action.forest} (relics there: {shown})"
    return None


def _why_not_recover(state: GameState, action: Recover, step: str) -> str | None:
    late = _why_not_column(state, step, ("recover",), "recover relics")
    if late:
        return late
    rec = flags(state).get("recovering") or []
    going = bool(rec) and rec[0] == action.clearing
    if not going:
        reason = _card_reason(state, "recover", action)
        if reason:
            return reason
    if parse_relic(action.relic) is None or action.relic not in FACE_UP:
        return f"'{action.relic}' is not a relic with its value; name it as figure3, tablet1, jewelry2 …"
    cid = action.clearing
    shown = {STATION_KINDS[s][0] for s in stations_at(state, cid)}
    name = action.relic.rstrip("0123456789")
    if name not in shown:
        there = ", ".join(sorted(shown)) or "none"
        return f"you recover a {name} only at a {name} waystation; waystations in clearing {cid}: {there}"
    if not relics_at(state.clearings[cid - 1]).get(action.relic):
        return f"there is no {action.relic} relic in clearing {cid}"
    if going:
        return "the Recover under way goes on with the same card"
    return None


def _why_not_gather(state: GameState, seat: int, action: Retinue | Shift, step: str) -> str | None:
    if step != "keepers.gather":
        return "the Retinue is gathered in Evening, after Live Off the Land"
    gathered = flags(state).get("gathered", "")
    if isinstance(action, Retinue):
        if action.column not in COLUMNS:
            return f"'{action.column}' is not a Retinue column; columns are: {', '.join(COLUMNS)}"
        if gathered == "shift":
            return "you shifted a Retinue card this Evening: no card may be added as well"
        if retinue_size(state, seat) >= RETINUE_LIMIT:
            return f"the Retinue holds {RETINUE_LIMIT} cards at most"
        if not hand.holds(state, seat, action.card):
            return f"{keys()[action.card].name} is not in your hand"
        return None
    if gathered == "add":
        return "you added cards to the Retinue this Evening: no card may be shifted as well"
    if gathered == "shift":
        return "one Retinue card may be shifted per Evening"
    if action.column not in COLUMNS or (action.source is not None and action.source not in COLUMNS):
        return f"the Retinue columns are: {', '.join(COLUMNS)}"
    columns = retinue(state, seat)
    held = [c for c in COLUMNS if any(_names(x, action) for x in columns[c])]
    if not held:
        return "that card is not in the Retinue"
    if action.source is not None and action.source not in held:
        return f"that card is not in the {COLUMN_NAMES[action.source]} column"
    if (action.source or held[0]) == action.column:
        return "shift the card to a different column"
    return None


def _names(cid: int, action: Action) -> bool:
    if uses_retainer(action):
        return cid == RETAINER
    return cid != RETAINER and card(cid).key == getattr(action, "card", None)


# --- the faction board ---------------------------------------------------------------------------------------------


def panel_lines(state: GameState, seat: int) -> list[str]:
    """The Retinue by column, the Relics spaces, the waystations on the board, what lies face down."""
    lines = []
    todo = flags(state).get("todo", {}) if state.turn.seat == seat else {}
    for column in COLUMNS:
        cards = retinue(state, seat)[column]
        shown = ", ".join(_card_words(c) for c in cards) or "-"
        left = f" ({len(todo[column])} to act)" if todo.get(column) and state.turn.phase == "daylight" else ""
        lines.append(f"Retinue {COLUMN_NAMES[column]}: {shown}{left}")
    lines.append(f"Retinue: {retinue_size(state, seat)}/{RETINUE_LIMIT} cards")
    spaces = recovered(state, seat)
    rows = []
    for name in RELICS:
        values = sorted(
            int(k.split(":", 1)[1][len(name):]) for k, n in spaces.items()
            for _ in range(n) if (parse_relic(k.split(":", 1)[1]) or ("",))[0] == name
        )
        rows.append(f"{name} {','.join(map(str, values)) or '-'}")
    lines.append(f"Relics recovered: {'; '.join(rows)} (columns filled: {columns_filled(state, seat)})")
    down = sum(len(v) for v in hidden_values(state, seat).values())
    lines.append(f"Relics face down: {down}")
    retired = int(info(state, seat).get("retired", 0))
    if retired:
        lines.append(f"Faithful Retainers gone: {retired}")
    waiting = state.seats[seat].areas.get(TROPHIES_AREA)
    if waiting:
        lines.append(f"Relics removed, to be placed: {sum(waiting.values())}")
    return lines
