"""The Vagabond's faction board as data: where the pawn is, the item tracks and limits, relationships, quests.

Item records live in the seat's items; what sits on a track is worked out from them: face-up undamaged
tea, coins and sacks fill their track (up to its size), every other item is in the Satchel or the
Damaged box. Quests are piles of the quest deck: `quests:deck` (face down) and `quests:offer` (three face
up) are shared by every Vagabond at the table; each Vagabond's completed quests are his own pile
(`done_pile`), in his play area.

Everything that belongs to one Vagabond is keyed by his faction id (`vagabond`, `vagabond2`): his pawn,
his completed quests, the seat data holding his character and relationships.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.assets import load_json
from rules.cards import Card, deck
from rules.hooks import Place
from rules.items import Item, is_ready
from rules.pieces import WARRIOR, category_of_key, parse_key
from rules.state import GameState, SeatData, TurnFlags

ID, ID2 = "vagabond", "vagabond2"
DECK = "quests"
QUEST_DECK, OFFER, DONE = f"{DECK}:deck", f"{DECK}:offer", f"{DECK}:done"
HOSTILE, INDIFFERENT, ALLIED = -1, 0, 3
OFFERED = 3


class VagabondData(SeatData, total=False):
    """A Vagabond's own data: his character, the seat of his coalition partner, his relationships by faction."""

    character: str | None
    coalition: int | None
    relations: dict[str, int]


class VagabondFlags(TurnFlags, total=False):
    """A Vagabond's turn: aids given by faction, and whether he slipped."""

    aids: dict[str, int]
    slipped: bool


def data() -> dict[str, Any]:
    """The Vagabond's board data: characters, tracks, relationship costs and points (assets/vagabond.json)."""
    found: dict[str, Any] = load_json("vagabond.json")
    return found


def character_names() -> tuple[str, ...]:
    """Every character's id (appendix V order)."""
    return tuple(data()["characters"])


def character(state: GameState, seat: int) -> dict[str, Any] | None:
    """The chosen character's data, if one is chosen."""
    name = state.seats[seat].data_as(VagabondData).get("character")
    return data()["characters"][name] if name else None


def pawn(fid: str) -> str:
    """The piece key of one Vagabond's pawn."""
    return f"{fid}:pawn"


def where(state: GameState, fid: str) -> Place | None:
    """One Vagabond's pawn: its clearing or forest (None before setup places it)."""
    piece = pawn(fid)
    for cid, pieces in enumerate(state.clearings, start=1):
        if piece in pieces:
            return cid
    return next((forest for forest, pieces in state.forests.items() if piece in pieces), None)


def clearing(state: GameState, fid: str) -> int | None:
    """One Vagabond's clearing, or None when his pawn is in a forest."""
    place = where(state, fid)
    return place if isinstance(place, int) else None


# --- items -------------------------------------------------------------------------


def own(items: list[Item]) -> list[Item]:
    """His real items: not a card standing in for one (the Jailor's Coerce), which is on no track nor in the Satchel,
    takes no hit and counts for no limit, no sword and no track."""
    return [i for i in items if not i.get("stand_in")]


def undamaged(state: GameState, seat: int, name: str | None = None) -> int:
    """His undamaged items (of one name, or all), face up or face down, stand-ins left out."""
    return sum(1 for i in own(state.seats[seat].items) if not i["damaged"] and name in (None, i["item"]))


def on_track(items: list[Item]) -> Counter[str]:
    """Tea, coins and sacks on their tracks: the face-up undamaged ones, up to each track's size."""
    sizes: dict[str, int] = data()["tracks"]
    face_up = Counter(i["item"] for i in own(items) if i["item"] in sizes and is_ready(i))
    return Counter({name: min(n, sizes[name]) for name, n in face_up.items()})


def carried(items: list[Item]) -> list[Item]:
    """Items in the Satchel and the Damaged box (everything not on a track), the ones the item limit counts."""
    room = Counter(on_track(items))
    out = []
    for item in own(items):
        if is_ready(item) and room[item["item"]] > 0:
            room[item["item"]] -= 1
        else:
            out.append(item)
    return out


def refresh_count(items: list[Item]) -> int:
    """Items flipped face up in Birdsong: three, plus two per tea on the track."""
    rule = data()["refresh"]
    return int(rule["base"]) + int(rule["per_tea"]) * on_track(items)["tea"]


def item_limit(items: list[Item]) -> int:
    """Six, plus two per sack on the track."""
    rule = data()["item_limit"]
    return int(rule["base"]) + int(rule["per_sack"]) * on_track(items)["sack"]


def draw_bonus(items: list[Item]) -> int:
    """One more card in Evening per coin on the track."""
    return int(data()["draw_per_coin"]) * on_track(items)["coins"]


# --- relationships -------------------------------------------------------------------


def relation(state: GameState, seat: int, faction: str) -> int:
    """A faction's place on the Relationships chart: -1 hostile, 0 indifferent, 1 and 2, 3 allied."""
    return int(state.seats[seat].data_as(VagabondData).get("relations", {}).get(faction, INDIFFERENT))


def relation_word(level: int) -> str:
    """A relationship in words."""
    return {HOSTILE: "hostile", INDIFFERENT: "indifferent", ALLIED: "allied"}.get(level, f"space {level}")


def aids_needed(level: int) -> int | None:
    """Aids in one turn that move a relationship one space right (None when hostile or allied)."""
    costs: list[int] = data()["relationship"]["aids"]
    return costs[level] if 0 <= level < len(costs) else None


def hostile_warriors(state: GameState, seat: int, cid: int) -> bool:
    """Whether a clearing holds any warriors of a faction hostile to the Vagabond."""
    for piece, n in state.clearings[cid - 1].items():
        if n and category_of_key(piece) == WARRIOR and relation(state, seat, parse_key(piece)[0]) == HOSTILE:
            return True
    return False


# --- quests --------------------------------------------------------------------------


def quest(cid: int) -> Card:
    """A quest card by id."""
    return deck(DECK)[cid]


def offered(state: GameState) -> list[int]:
    """The face-up quests."""
    return state.piles.get(OFFER, [])


def done_pile(fid: str) -> str:
    """The pile of one Vagabond's completed quests (the first keeps the name games were saved with)."""
    return DONE if fid == ID else f"{DONE}:{fid}"


def done(state: GameState, fid: str) -> list[int]:
    """One Vagabond's completed quests."""
    return state.piles.get(done_pile(fid), [])


def done_of(state: GameState, fid: str, suit: str) -> int:
    """One Vagabond's completed quests of one suit."""
    return sum(1 for q in done(state, fid) if quest(q).suit == suit)
