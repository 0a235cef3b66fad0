"""How each faction's pieces look, read from the view's declarations (no per-faction code here)."""

from __future__ import annotations

from dataclasses import dataclass

from render import palette as P
from rules.view_types import FactionLegend, View

CATEGORY_ORDER = ("pawn", "warrior", "token", "building")
AUTOMATED = "{name} (automated)"  # a seat an automated player holds, wherever the picture names its faction
SIZES = {"pawn": 48, "warrior": 40, "token": 36, "building": 46, "item": 34}


@dataclass(frozen=True, slots=True)
class Look:
    """One declared piece kind: what it is and how to draw it."""

    owner: str
    kind: str
    category: str
    shape: str
    label: str
    name: str
    colour: P.RGB
    order: int
    rim: P.RGB | None = None  # the faction's colour, for a piece drawn in a tone of its own (a web, a gear)

    @property
    def size(self) -> int:
        """Drawn size in pixels, by category."""
        return SIZES.get(self.category, 32)


@dataclass(frozen=True)
class Legend:
    """Every faction in the view: names, colours, piece looks, and a stable order to draw them in."""

    names: dict[str, str]
    colours: dict[str, P.RGB]
    looks: dict[tuple[str, str], Look]
    order: tuple[str, ...]

    def colour(self, fid: str) -> P.RGB:
        """A faction's colour (grey when the view does not declare it)."""
        return self.colours.get(fid, P.FALLBACK_FACTION)

    def name(self, fid: str) -> str:
        """A faction's display name."""
        return self.names.get(fid, fid.replace("_", " ").title())

    def look(self, owner: str, kind: str) -> Look:
        """How a piece kind looks; undeclared kinds get a labelled circle rather than an error."""
        found = self.looks.get((owner, kind))
        if found is not None:
            return found
        category = "warrior" if kind == "warrior" else "token"
        return Look(owner, kind, category, "circle", kind[:2].title(), kind, self.colour(owner), 99)

    def rank(self, fid: str) -> int:
        """Position of a faction in drawing order (seat order first)."""
        return self.order.index(fid) if fid in self.order else len(self.order)


def _str(value: object, default: str = "") -> str:
    return value if isinstance(value, str) else default


def legend(view: View) -> Legend:
    """The legend of a view: factions in seat order, then any other declared faction by id."""
    factions: dict[str, FactionLegend] = view.get("factions") or {}
    seated = [s.get("faction") for s in view.get("seats") or [] if isinstance(s.get("faction"), str)]
    order = list(dict.fromkeys(seated))
    order += sorted(f for f in factions if f not in order)
    names: dict[str, str] = {}
    colours: dict[str, P.RGB] = {}
    looks: dict[tuple[str, str], Look] = {}
    for fid in order:
        data = factions.get(fid)
        names[fid] = _str(data.get("name") if data else None, fid.title())
        colours[fid] = P.hex_rgb(data.get("colour") if data else None)
        if not data:
            continue
        for i, (kind, piece) in enumerate((data.get("pieces") or {}).items()):
            own = P.hex_rgb(piece.get("colour"), colours[fid])
            looks[(fid, kind)] = Look(
                owner=fid,
                kind=kind,
                category=_str(piece.get("category"), "token"),
                shape=_str(piece.get("shape"), "circle"),
                label=_str(piece.get("label")),
                name=_str(piece.get("name"), kind),
                colour=own,
                order=i,
                rim=colours[fid] if own != colours[fid] else None,
            )
    for seat in view.get("seats") or []:
        fid = seat.get("faction")
        if isinstance(fid, str) and fid not in factions:
            colours[fid] = P.hex_rgb(seat.get("colour"))
            names[fid] = _str(seat.get("name"), fid.title())
        if isinstance(fid, str) and seat.get("automated"):
            names[fid] = AUTOMATED.format(name=names.get(fid, fid.title()))
    return Legend(names, colours, looks, tuple(order))
