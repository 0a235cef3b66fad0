"""A seat's private hand: one tile per card with suit, name, crafting cost and what it does."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import palette as P
from render.shapes import draw_suit_glyph
from render.text import fit, font, plural, width, wrap
from rules.cards import Card, keys
from rules.view_types import View

TILE_W, TILE_H = 400, 236
SUIT_COSTS = {"fox", "mouse", "rabbit", "bird", "any"}
GAP = 16
COLUMNS = 3
TITLE_H = 60
BAND_H = 58

TYPE_NAMES = {
    "item": "Item",
    "persistent": "Persistent",
    "ambush": "Ambush",
    "favor": "Favor",
    "dominance": "Dominance",
}


def _kind(card: Card) -> str:
    name = f"{card.suit.capitalize()} · {TYPE_NAMES.get(card.type, card.type.capitalize())}"
    if card.item:
        name += f": {card.item}"
    if card.vp:
        name += f" · {card.vp} VP"
    return name


COST_X = 56  # where the cost's icons (or words) start, after "Cost"
ICON, ICON_STEP = 32, 38


def _cost_text(cost: tuple[str, ...]) -> str | None:
    """The cost in words when it is not suits (nothing, or a quest's items); None when it is drawn as icons."""
    return ", ".join(cost) or "none" if not cost or not set(cost) <= SUIT_COSTS else None


def _cost_width(cost: tuple[str, ...]) -> int:
    """How far the cost reaches from its left edge, "Cost" included."""
    text = _cost_text(cost)
    return COST_X + (width(text, font(19)) if text is not None else len(cost) * ICON_STEP - (ICON_STEP - ICON))


def _cost(draw: ImageDraw.ImageDraw, cost: tuple[str, ...], x: int, y: int) -> None:
    face = font(19, True)
    draw.text((x, y + 16), "Cost", font=face, fill=P.MUTED, anchor="lm")
    text = _cost_text(cost)
    if text is not None:
        draw.text((x + COST_X, y + 16), text, font=font(19), fill=P.INK, anchor="lm")
        return
    for i, suit in enumerate(cost):
        left = x + COST_X + i * ICON_STEP
        draw.ellipse((left, y, left + ICON, y + ICON), fill=P.suit_colour(suit), outline=P.INK, width=2)
        draw_suit_glyph(draw, suit, left + ICON // 2, y + ICON // 2, 22, P.INK)


def _tile(draw: ImageDraw.ImageDraw, key: str | Card, x: int, y: int) -> None:
    card = key if isinstance(key, Card) else keys().get(key)
    key = card.key if card else str(key)
    suit = card.suit if card else None
    band = P.suit_colour(suit)
    draw.rounded_rectangle((x, y, x + TILE_W, y + TILE_H), 16, fill=P.WHITE, outline=P.INK, width=3)
    draw.rounded_rectangle((x, y, x + TILE_W, y + BAND_H), 16, fill=band, outline=P.INK, width=3)
    draw.rectangle((x + 3, y + BAND_H - 16, x + TILE_W - 3, y + BAND_H - 2), fill=band)
    draw.line((x, y + BAND_H, x + TILE_W, y + BAND_H), fill=P.INK, width=3)
    draw.ellipse((x + 10, y + 9, x + 50, y + 49), fill=P.WHITE, outline=P.INK, width=2)
    draw_suit_glyph(draw, suit, x + 30, y + 29, 28, P.INK)
    name = card.name if card else key
    draw.text((x + 60, y + 29), fit(name, font(25, True), TILE_W - 72), font=font(25, True), fill=P.INK, anchor="lm")
    if card is None:
        return
    _cost(draw, card.cost, x + 14, y + BAND_H + 12)
    kind_face = font(18, True)
    kind = _kind(card)
    beside = 14 + _cost_width(card.cost) + 16 + width(kind, kind_face) <= TILE_W - 14  # else on a line of its own
    kind_y = y + BAND_H + (28 if beside else 58)
    draw.text((x + TILE_W - 14, kind_y), kind, font=kind_face, fill=P.INK, anchor="rm")
    body, top = font(19), y + BAND_H + (58 if beside else 84)
    for i, line in enumerate(wrap(card.text, body, TILE_W - 28, max_lines=5 if beside else 4)):
        draw.text((x + 14, top + i * 25), line, font=body, fill=P.INK)


def _title(view: View, count: int) -> str:
    seats = view.get("seats") or []
    viewer = view.get("viewer")
    who = ""
    if isinstance(viewer, int) and 0 <= viewer < len(seats):
        who = f"{seats[viewer].get('name') or seats[viewer].get('faction')}: "
    return f"{who}your hand ({plural(count, 'card')})"


def compose_hand(view: View) -> Image.Image:
    """The hand image of the viewing seat; ValueError for a view without a hand (a spectator's)."""
    hand = view.get("hand")
    if hand is None:
        raise ValueError("this view has no hand: only a seat's own view shows its cards")
    cards = [str(k) for k in hand]
    played = _play_area(view)
    notes = [str(line) for line in view.get("private_lines") or []]
    rows = _rows(len(cards))
    extra = (TITLE_H + _rows(len(played)) * (TILE_H + GAP)) if played else 0
    noted = (TITLE_H + len(notes) * NOTE_H + GAP // 2) if notes else 0
    title = _title(view, len(cards))
    tiles_width = GAP + max(1, min(COLUMNS, max(len(cards), len(played)))) * (TILE_W + GAP)
    widest = max([width(title, font(28, True)), *(width(n, font(NOTE_FONT)) for n in notes)])
    height = TITLE_H + rows * (TILE_H + GAP) + GAP // 2 + extra + noted
    image = Image.new("RGB", (max(tiles_width, widest + 2 * GAP), height), P.PANEL_BG)
    draw = ImageDraw.Draw(image)
    draw.text((GAP, TITLE_H // 2 + 4), title, font=font(28, True), fill=P.INK, anchor="lm")
    if not cards:
        draw.text((GAP, TITLE_H + 40), "No cards.", font=font(24), fill=P.MUTED, anchor="lm")
    _tiles(draw, cards, TITLE_H)
    if played:
        top = TITLE_H + rows * (TILE_H + GAP)
        label = f"In play ({len(played)})"
        draw.text((GAP, top + TITLE_H // 2 + 4), label, font=font(28, True), fill=P.INK, anchor="lm")
        _tiles(draw, played, top + TITLE_H)
    if notes:
        _notes(draw, notes, height - noted)
    return image


NOTE_H, NOTE_FONT = 30, 22


def _notes(draw: ImageDraw.ImageDraw, notes: list[str], top: int) -> None:
    """What only the viewer reads besides its hand (the Corvids' face-down plots), line by line."""
    draw.text((GAP, top + TITLE_H // 2 + 4), "Only you see", font=font(28, True), fill=P.INK, anchor="lm")
    for i, line in enumerate(notes):
        draw.text((GAP, top + TITLE_H + i * NOTE_H), line, font=font(NOTE_FONT), fill=P.INK)


def _rows(count: int) -> int:
    return max(1, (count + COLUMNS - 1) // COLUMNS)


def _tiles(draw: ImageDraw.ImageDraw, cards: Sequence[str | Card], top: int) -> None:
    for i, key in enumerate(cards):
        _tile(draw, key, GAP + (i % COLUMNS) * (TILE_W + GAP), top + (i // COLUMNS) * (TILE_H + GAP))


def _play_area(view: View) -> list[Card]:
    """The viewer's public cards of other decks (a Vagabond's completed quests), as the view describes them."""
    seats = view.get("seats") or []
    viewer = view.get("viewer")
    if not isinstance(viewer, int) or not 0 <= viewer < len(seats):
        return []
    return [
        Card(
            id=0,
            key=str(c["key"]),
            name=str(c["name"]),
            suit=str(c["suit"]),
            type=str(c["type"]),
            cost=tuple(c["cost"]),
            item=None,
            vp=0,
            effect=None,
            text=str(c["text"]),
        )
        for c in seats[viewer].get("play_area") or []
    ]
