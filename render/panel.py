"""The side panel: the turn and who must decide now, then one block per seat.

Each block is built as a list of rows (a height and a drawing function) before anything is drawn,
so the board can grow taller when a panel needs more room than the map.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from render import palette as P
from render.legend import Legend, Look
from render.marks import MEANINGS, draw_key
from render.pieces import draw_piece
from render.shapes import draw_suit_glyph
from render.text import Font, draw_text, fit, font, plural, width, wrap
from rules.cards import keys as card_keys
from rules.items import describe as describe_item
from rules.view_types import SeatView, SideView, TurnView, View

PAD = 18  # inner margin of the panel and of each block
BAR = 12  # width of a seat's colour bar
NAME_LINE = 28  # a second line of a faction's name
CHIP_TEXT = 33  # where a supply chip's count starts, from the chip's left (clear of a heavy outline)
Draw = ImageDraw.ImageDraw
Painter = Callable[[Draw, int, int, int], None]  # draw, left, top, width


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the panel: how tall it is and how to draw it."""

    height: int
    paint: Painter


def _text_rows(text: str, face: Font, colour: P.RGB, limit: int, gap: int = 4, max_lines: int = 8) -> list[Row]:
    def painter(line: str) -> Painter:
        return lambda d, x, y, _w: draw_text(d, (x, y), line, face, colour)

    return [Row(int(face.size) + gap, painter(line)) for line in wrap(text, face, limit, max_lines)]


def _swatch(d: Draw, x: int, y: int, size: int, colour: P.RGB) -> None:
    d.rectangle((x, y, x + size, y + size), fill=colour, outline=P.INK, width=2)


def _who(fid: str, legend: Legend, face: Font, prefix: str, limit: int) -> Row:
    name = fit(legend.name(fid), face, limit - width(prefix, face) - 40)

    def paint(d: Draw, x: int, y: int, _w: int) -> None:
        draw_text(d, (x, y), prefix, face, P.INK)
        left = x + width(prefix, face) + 4
        _swatch(d, left, y + 2, int(face.size) - 2, legend.colour(fid))
        draw_text(d, (left + int(face.size) + 6, y), name, face, P.INK)

    return Row(int(face.size) + 8, paint)


def _phase(turn: TurnView) -> str:
    phase = str(turn.get("phase") or "").capitalize()
    step = str(turn.get("step") or "").rsplit(".", 1)[-1].replace("_", " ")
    return f"{phase} · {step}" if step and step.lower() != phase.lower() else phase


def _seat_faction(view: View, seat: object) -> str | None:
    """The faction of a seat number; a faction id is taken as it is (views name sides either way)."""
    seats = view.get("seats") or []
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(seats):
        fid = seats[seat].get("faction")
        return fid if isinstance(fid, str) else None
    if isinstance(seat, str) and any(s.get("faction") == seat for s in seats):
        return seat
    return None


def _suit_key(limit: int) -> Row:
    face = font(17)
    suits = ("fox", "mouse", "rabbit", "bird")

    def paint(d: Draw, x: int, y: int, _w: int) -> None:
        step = min(limit // len(suits), 120)
        for i, suit in enumerate(suits):
            left = x + i * step
            d.ellipse((left, y, left + 26, y + 26), fill=P.suit_colour(suit), outline=P.INK, width=2)
            draw_suit_glyph(d, suit, left + 13, y + 13, 18, P.INK)
            draw_text(d, (left + 32, y + 13), suit, face, P.INK, "lm")

    return Row(34, paint)


def _marks_key(kinds: Sequence[str], limit: int) -> list[Row]:
    """A key to the last action's highlights on the map: a small picture and a word per kind drawn."""
    face, label_face = font(17), font(17, True)
    label = "Last action:"
    indent = width(label, label_face) + 10
    rows: list[list[str]] = [[]]
    used = indent
    for kind in kinds:
        need = 36 + width(MEANINGS[kind], face) + 16
        if used + need > limit and rows[-1]:
            rows.append([])
            used = indent
        rows[-1].append(kind)
        used += need

    def painter(row: list[str], first: bool) -> Painter:
        def paint(d: Draw, x: int, y: int, _w: int) -> None:
            if first:
                draw_text(d, (x, y + 15), label, label_face, P.INK, "lm")
            left = x + indent
            for kind in row:
                draw_key(d, kind, left + 15, y + 15, 30)
                draw_text(d, (left + 36, y + 15), MEANINGS[kind], face, P.INK, "lm")
                left += 36 + width(MEANINGS[kind], face) + 16

        return paint

    return [Row(36, painter(row, i == 0)) for i, row in enumerate(rows)] if kinds else []


def header_rows(
    view: View, legend: Legend, limit: int, team_points: bool = True, marks: Sequence[str] = ()
) -> list[Row]:
    """Round, whose turn, who must decide now, battle, team points (unless columns show them), deck, keys."""
    rows = _text_rows(title_line(view), font(28, True), P.INK, limit)
    turn_faction = (view.get("turn") or {}).get("faction")
    if isinstance(turn_faction, str) and not view.get("over"):
        rows.append(_who(turn_faction, legend, font(22, True), "Turn:", limit))
    rows += _now_rows(view, legend, limit)
    for line in battle_lines(view, legend):
        rows += _text_rows(line, font(19, True), P.INK, limit)
    points = view.get("team_points")
    if team_points and isinstance(points, dict) and points:
        text = "   ".join(f"Team {team}: {vp} VP" for team, vp in sorted(points.items()))
        rows += _text_rows(text, font(22, True), P.INK, limit)
    deck = f"Deck {view.get('deck_count', '?')} · Discard {len(view.get('discard') or [])}"
    dominance = view.get("dominance_available") or []
    if dominance:
        deck += " · Dominance on offer: " + ", ".join(_card_name(k) for k in dominance)
    rows += _text_rows(deck, font(18), P.MUTED, limit)
    for line in map_item_lines(view, legend):
        rows += _text_rows(line, font(18), P.INK, limit)
    rows.append(_suit_key(limit))
    return rows + _marks_key(marks, limit)


def map_item_lines(view: View, legend: Legend) -> list[str]:
    """Items on the map (contraband): lying in a clearing, or carried by a faction's warrior there."""
    out = []
    for item in view.get("map_items") or []:
        if not isinstance(item, dict):
            continue
        note = item.get("note")
        if note:  # a shown item, no contraband: what it is there for
            out.append(f"{note}: {item.get('item')} in clearing {item.get('clearing')}")
            continue
        carrier = item.get("carrier")
        owner = str(carrier).split(":", 1)[0] if carrier else None
        who = f"carried by {legend.name(owner)}" if owner else "lying"
        out.append(f"Contraband: {item.get('item')} in clearing {item.get('clearing')}, {who}")
    return out


def title_line(view: View) -> str:
    """The first line: setup, the round and phase, or the end of the game."""
    turn = view.get("turn") or {}
    if view.get("over"):
        return f"Game over after round {view.get('round', '?')}"
    if turn.get("phase") == "setup":
        return "Setup"
    of = f" of {view['rounds']}" if view.get("rounds") else ""
    return f"Round {view.get('round', '?')}{of} · {_phase(turn)}"


def battle_lines(view: View, legend: Legend) -> list[str]:
    """A battle in progress: who attacks whom where, then, once the dice are rolled, each side's hits.

    The hits come from the view's battle "sides": per side that deals hits, its seat, the hits it rolled,
    what makes the other side ignore them, and each extra hit's source.
    """
    battle = view.get("battle")
    if not isinstance(battle, dict):
        return []

    def name(seat: object) -> str:
        fid = _seat_faction(view, seat)
        return legend.name(fid) if fid else "?"

    lines = [f"Battle in clearing {battle.get('clearing')}: {name(battle.get('attacker'))} attacks "
             f"{name(battle.get('defender'))}"]  # fmt: skip
    for side in battle.get("sides") or []:
        if isinstance(side, dict):
            lines.append(_hits_line(name(side.get("seat")), side))
    return lines


def _hits_line(who: str, side: SideView) -> str:
    """One side's hits: "Eyrie Dynasties deals 3 hits: 1 rolled, 1 Sappers, 1 defenseless"."""
    rolled, ignored_by = _count(side.get("rolled")), side.get("ignored_by")
    parts = [f"{rolled} rolled" + (f" (ignored: {ignored_by})" if ignored_by else "")]
    total = 0 if ignored_by else rolled
    for extra in side.get("extra") or []:
        if isinstance(extra, dict):
            parts.append(f"{_count(extra.get('hits'))} {extra.get('source') or 'extra'}")
            total += _count(extra.get("hits"))
    return f"{who} deals {plural(total, 'hit')}: " + ", ".join(parts)


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _now_rows(view: View, legend: Legend, limit: int) -> list[Row]:
    """The highlighted box: who must decide now and what, or the winners."""
    inner = limit - 2 * 10
    if view.get("over"):
        winners = [legend.name(f) for f in (_seat_faction(view, s) for s in view.get("winners") or []) if f]
        label = "Winners" if len(winners) > 1 else "Winner"
        body = _text_rows(f"{label}: " + (" and ".join(winners) or "none"), font(22, True), P.INK, inner)
    else:
        fid = _seat_faction(view, view.get("to_act"))
        body = [_who(fid, legend, font(22, True), "Now:", inner)] if fid else []
        body += _text_rows(str(view.get("waiting_for") or ""), font(19), P.INK, inner)
        waiting = [p for p in (view.get("pending") or [])[1:] if isinstance(p, dict) and not p.get("auto")]
        for pending in waiting[:2]:  # what comes next, leaving out what the engine will decide by itself
            who = _seat_faction(view, pending.get("seat"))
            text = f"Then {legend.name(who) if who else '?'}: {pending.get('prompt') or pending.get('kind')}"
            body += _text_rows(text, font(17), P.MUTED, inner, max_lines=2)
    return [_boxed(body, P.NOW_BG, P.HIGHLIGHT)] if body else []


def _boxed(body: list[Row], fill: P.RGB, outline: P.RGB) -> Row:
    height = sum(r.height for r in body) + 16

    def paint(d: Draw, x: int, y: int, w: int) -> None:
        d.rounded_rectangle((x - 6, y, x + w + 6, y + height - 4), 10, fill=fill, outline=outline, width=4)
        top = y + 8
        for row in body:
            row.paint(d, x + 10, top, w - 20)
            top += row.height

    return Row(height + 6, paint)


def _card_name(key: object) -> str:
    """A card's printed name, with its suit when other cards share the name (Dominance (fox), Ambush! (bird))."""
    found = card_keys().get(str(key))
    if found is None:
        return str(key)
    shared = sum(1 for c in card_keys().values() if c.name == found.name) > 1
    return f"{found.name} ({found.suit})" if shared else found.name


def _title(seat: SeatView, legend: Legend, limit: int, turn: bool) -> Row:
    """The faction's name (on two lines in a narrow column, never cut) and its VP, right."""
    fid = str(seat.get("faction"))
    vp_face, name_face = font(32, True), font(24, True)
    vp = f"{seat.get('points', 0)} VP"
    lines = wrap(("▶ " if turn else "") + legend.name(fid), name_face, limit - width(vp, vp_face) - 14, max_lines=3)

    def paint(d: Draw, x: int, y: int, w: int) -> None:
        for i, line in enumerate(lines):
            draw_text(d, (x, y + 4 + i * NAME_LINE), line, name_face, P.INK)
        draw_text(d, (x + w, y), vp, vp_face, P.INK, "ra")

    return Row(42 + (len(lines) - 1) * NAME_LINE, paint)


def _icons(label: str, chips: list[tuple[Look, int]], limit: int) -> list[Row]:
    """A row (or more) of small piece shapes, each with its count."""
    face, label_face = font(18, True), font(17)
    if not chips:
        return []
    indent = width(label, label_face) + 8
    rows: list[list[tuple[Look, str]]] = [[]]
    used = indent
    for look, count in chips:
        w = CHIP_TEXT + width(str(count), face) + 12
        if used + w > limit and rows[-1]:
            rows.append([])
            used = indent
        rows[-1].append((look, str(count)))
        used += w

    def painter(row: list[tuple[Look, str]], first: bool) -> Painter:
        def paint(d: Draw, x: int, y: int, _w: int) -> None:
            if first:
                draw_text(d, (x, y + 13), label, label_face, P.MUTED, "lm")
            left = x + indent
            for look, text in row:
                draw_piece(d, look, left + 13, y + 13, 24, P.WHITE)
                draw_text(d, (left + CHIP_TEXT, y + 13), text, face, P.INK, "lm")
                left += CHIP_TEXT + width(text, face) + 12

        return paint

    return [Row(32, painter(row, i == 0)) for i, row in enumerate(rows)]


def _area_chips(pieces: dict[str, int], fid: str, legend: Legend) -> list[tuple[Look, int]]:
    """Pieces kept off the map in a faction's area, keyed "owner:kind" (or just "kind" for its own)."""
    chips: list[tuple[Look, int]] = []
    for key, n in sorted(pieces.items()):
        parts = str(key).split(":")
        owner, kind = (parts[0], parts[1]) if len(parts) > 1 else (fid, parts[0])
        if isinstance(n, int) and not isinstance(n, bool):
            chips.append((legend.look(owner, kind), n))
    return chips


def supply_chips(supply: dict[str, int], fid: str, legend: Legend) -> list[tuple[Look, int]]:
    """A seat's supply as piece chips, in the order the faction declares its pieces (whatever the dict's order)."""
    chips = [(legend.look(fid, str(k)), n) for k, n in supply.items() if isinstance(n, int) and not isinstance(n, bool)]
    return sorted(chips, key=lambda chip: (chip[0].order, chip[0].kind))


def seat_rows(view: View, seat: SeatView, legend: Legend, limit: int) -> list[Row]:
    """One seat's block: faction and VP, hand count, items, crafted effects, its board lines, supply."""
    fid = str(seat.get("faction"))
    turn = (view.get("turn") or {}).get("seat") == seat.get("seat") and not view.get("over")
    rows = [_title(seat, legend, limit, turn)]
    facts = [f"Hand {seat.get('hand_count', 0)}"]
    if seat.get("team"):
        facts.insert(0, f"Team {seat['team']}")
    items = seat.get("items") or []
    facts.append("Items: " + (", ".join(describe_item(i) for i in items) if items else "none"))
    rows += _text_rows(" · ".join(facts), font(19, True), P.INK, limit)
    if seat.get("dominance"):
        rows += _text_rows(f"Dominance: {_card_name(seat['dominance'])}", font(19, True), P.INK, limit)
    crafted = seat.get("crafted") or []
    if crafted:
        rows += _text_rows("Crafted: " + ", ".join(_card_name(k) for k in crafted), font(18), P.INK, limit)
    for line in seat.get("panel") or []:
        rows += _text_rows(str(line), font(18), P.INK, limit, gap=3)
    rows += _icons("Supply", supply_chips(seat.get("supply") or {}, fid, legend), limit)
    for area, pieces in sorted((seat.get("areas") or {}).items()):
        label = str(area).replace("_", " ").capitalize()
        rows += _icons(label, _area_chips(pieces or {}, fid, legend), limit)
    return rows


def block_height(rows: list[Row]) -> int:
    """Height of a seat block with its padding."""
    return sum(r.height for r in rows) + 2 * 10 + 6


def draw_block(d: Draw, rows: list[Row], colour: P.RGB, box: tuple[int, int, int], deciding: bool) -> int:
    """Draw a seat block at (left, top, width); returns the block's height."""
    x, y, w = box
    height = block_height(rows)
    fill, outline = (P.NOW_BG, P.HIGHLIGHT) if deciding else (P.WHITE, P.PANEL_RULE)
    d.rounded_rectangle((x, y, x + w, y + height - 6), 10, fill=fill, outline=outline, width=4 if deciding else 2)
    d.rectangle((x, y + 6, x + BAR, y + height - 12), fill=colour, outline=P.INK, width=1)
    top = y + 10
    for row in rows:
        row.paint(d, x + BAR + 12, top, w - BAR - 24)
        top += row.height
    return height
