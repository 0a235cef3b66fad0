"""Consistency checks for the static game-component data under assets/.

Expected values are written out from shared/reference/root-components.md
(sections 2-5), so a typo in the JSON shows up as a failing test.
"""

import json
from collections import Counter
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[1] / "assets"
MAP_IDS = ("autumn", "winter")
SUITS = ("fox", "mouse", "rabbit")
CARD_SUITS = ("bird", "fox", "mouse", "rabbit")
CARD_TYPES = {"ambush", "dominance", "item", "persistent", "favor"}

# Reference section 2: Autumn adjacency lists (paths only).
AUTUMN_ADJACENCY = {
    1: {5, 9, 10},
    2: {5, 6, 10},
    3: {6, 7, 11},
    4: {8, 9, 12},
    5: {1, 2},
    6: {2, 3, 11},
    7: {3, 8, 12},
    8: {4, 7},
    9: {1, 4, 12},
    10: {1, 2, 12},
    11: {3, 6, 12},
    12: {4, 7, 9, 10, 11},
}

# Reference section 3: Winter adjacency lists (paths only).
WINTER_ADJACENCY = {
    1: {5, 10, 11},
    2: {6, 7, 12},
    3: {7, 8, 12},
    4: {9, 10, 11},
    5: {1, 6},
    6: {2, 5},
    7: {2, 3},
    8: {3, 9, 12},
    9: {4, 8, 11},
    10: {1, 4},
    11: {1, 4, 9},
    12: {2, 3, 8},
}


def load(relative):
    with open(ASSETS / relative, encoding="utf-8") as fh:
        return json.load(fh)


def load_map(map_id):
    return load(f"maps/{map_id}.json")


def adjacency(links):
    adj = {}
    for a, b in links:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    return adj


def clearings_by_id(board):
    return {c["id"]: c for c in board["clearings"]}


# --------------------------------------------------------------------- maps


def test_maps_have_twelve_clearings_with_positions():
    for map_id in MAP_IDS:
        board = load_map(map_id)
        assert board["id"] == map_id
        ids = [c["id"] for c in board["clearings"]]
        assert ids == list(range(1, 13)), map_id
        for c in board["clearings"]:
            assert 0.0 <= c["x"] <= 1.0, (map_id, c["id"])
            assert 0.0 <= c["y"] <= 1.0, (map_id, c["id"])
            assert c["slots"] >= 1, (map_id, c["id"])
            assert isinstance(c["ruin"], bool), (map_id, c["id"])


def test_autumn_suits_printed_four_each():
    board = load_map("autumn")
    assert board["suits"] == "printed"
    assert "suit_markers" not in board
    counts = Counter(c["suit"] for c in board["clearings"])
    assert counts == {"fox": 4, "mouse": 4, "rabbit": 4}


def test_winter_suits_random_with_markers():
    board = load_map("winter")
    assert board["suits"] == "random"
    assert board["suit_markers"] == {"fox": 4, "mouse": 4, "rabbit": 4}
    assert all(c["suit"] is None for c in board["clearings"])


def test_autumn_slots_and_ruins():
    board = load_map("autumn")
    assert sum(c["slots"] for c in board["clearings"]) == 22
    ruins = sorted(c["id"] for c in board["clearings"] if c["ruin"])
    assert ruins == [6, 10, 11, 12]


def test_winter_ruins():
    board = load_map("winter")
    ruins = sorted(c["id"] for c in board["clearings"] if c["ruin"])
    assert ruins == [8, 9, 11, 12]


def test_links_reference_existing_clearings_and_are_distinct():
    for map_id in MAP_IDS:
        board = load_map(map_id)
        ids = set(clearings_by_id(board))
        paths = [tuple(p) for p in board["paths"]]
        rivers = [tuple(r) for r in board["rivers"]]
        for a, b in paths + rivers:
            assert a in ids and b in ids, (map_id, a, b)
            assert a < b, (map_id, a, b)
        assert paths == sorted(paths), map_id
        assert rivers == sorted(rivers), map_id
        assert len(set(paths)) == len(paths), f"{map_id}: duplicated path"
        assert len(set(rivers)) == len(rivers), f"{map_id}: duplicated river"
        assert not set(paths) & set(rivers), f"{map_id}: river equals a path"


def test_autumn_adjacency_matches_reference():
    board = load_map("autumn")
    assert len(board["paths"]) == 18
    assert adjacency(board["paths"]) == AUTUMN_ADJACENCY


def test_winter_adjacency_matches_reference():
    board = load_map("winter")
    assert len(board["paths"]) == 16
    assert adjacency(board["paths"]) == WINTER_ADJACENCY


def test_river_links():
    assert load_map("autumn")["rivers"] == [[4, 7], [5, 10], [7, 11], [10, 11]]
    assert load_map("winter")["rivers"] == [[7, 12], [10, 11], [11, 12]]


def test_every_clearing_touches_a_forest():
    for map_id in MAP_IDS:
        board = load_map(map_id)
        ids = set(clearings_by_id(board))
        touched = set()
        for forest in board["forests"]:
            assert set(forest["clearings"]) <= ids, (map_id, forest["id"])
            touched.update(forest["clearings"])
        assert touched == ids, map_id


def test_forest_ids():
    autumn = [f["id"] for f in load_map("autumn")["forests"]]
    winter = [f["id"] for f in load_map("winter")["forests"]]
    assert autumn == list("ABCDEFG")
    assert winter == [f"W{i}" for i in range(1, 9)]


def test_forest_links_reference_existing_forests():
    for map_id in MAP_IDS:
        board = load_map(map_id)
        forest_ids = {f["id"] for f in board["forests"]}
        seen = set()
        for a, b in board["forest_links"]:
            assert a in forest_ids and b in forest_ids, (map_id, a, b)
            assert a != b, (map_id, a)
            key = frozenset((a, b))
            assert key not in seen, (map_id, a, b)
            seen.add(key)


def test_forest_links_share_a_border_link():
    # Two linked forests must share two clearings that are joined by a path
    # (or, on Winter, by a river, which divides forests like a path).
    for map_id in MAP_IDS:
        board = load_map(map_id)
        members = {f["id"]: set(f["clearings"]) for f in board["forests"]}
        borders = {frozenset(p) for p in board["paths"]}
        if map_id == "winter":
            borders |= {frozenset(r) for r in board["rivers"]}
        for a, b in board["forest_links"]:
            shared = members[a] & members[b]
            assert any(link <= shared for link in borders), (map_id, a, b)


def test_winter_forest_link_note():
    assert "forest_link_notes" in load_map("winter")


def test_corners_and_opposite_pairs():
    for map_id in MAP_IDS:
        board = load_map(map_id)
        corners = board["corners"]
        assert corners == {"top_left": 1, "top_right": 2, "bottom_right": 3, "bottom_left": 4}
        pairs = board["opposite_corners"]
        for corner in corners.values():
            hits = [p for p in pairs if corner in p]
            assert len(hits) == 1, (map_id, corner)
        for pair in pairs:
            assert len(pair) == 2 and set(pair) <= set(corners.values()), (map_id, pair)


# -------------------------------------------------------------------- cards


def load_cards():
    return load("cards/base.json")["cards"]


def count_where(cards, **match):
    return sum(c["count"] for c in cards if all(c[k] == v for k, v in match.items()))


def test_deck_totals():
    cards = load_cards()
    assert load("cards/base.json")["deck"] == "base"
    assert sum(c["count"] for c in cards) == 54
    per_suit = {s: count_where(cards, suit=s) for s in CARD_SUITS}
    assert per_suit == {"bird": 14, "fox": 14, "mouse": 13, "rabbit": 13}


def test_deck_type_counts():
    cards = load_cards()
    assert all(c["type"] in CARD_TYPES for c in cards)
    assert count_where(cards, type="ambush") == 5
    assert count_where(cards, type="dominance") == 4
    assert count_where(cards, type="favor") == 3
    assert count_where(cards, type="item") == 20
    assert count_where(cards, type="persistent") == 22


def test_deck_order_by_suit():
    suits = [c["suit"] for c in load_cards()]
    assert suits == sorted(suits, key=CARD_SUITS.index)


def test_card_keys_unique_and_slugged():
    cards = load_cards()
    keys = [c["key"] for c in cards]
    assert len(set(keys)) == len(keys)
    entries_per_name = Counter(c["name"] for c in cards)
    for c in cards:
        words = "".join(ch if ch.isalnum() else " " for ch in c["name"].replace("'", ""))
        expected = "-".join(words.lower().split())
        if entries_per_name[c["name"]] > 1:
            expected += "-" + c["suit"]
        assert c["key"] == expected, (c["key"], expected)


def test_card_costs_use_known_suits():
    for c in load_cards():
        assert set(c["cost"]) <= {"fox", "mouse", "rabbit", "any"}, c["key"]
        if c["type"] in ("ambush", "dominance"):
            assert c["cost"] == [], c["key"]
        else:
            assert c["cost"], c["key"]


def test_item_cards_point_at_supply():
    supply = load("items.json")["supply"]
    for c in load_cards():
        if c["type"] == "item":
            assert c["item"] in supply, c["key"]
            assert c["vp"] in (1, 2, 3), c["key"]
            assert c["effect"] is None, c["key"]
        else:
            assert c["item"] is None and c["vp"] == 0, c["key"]
            assert c["effect"], c["key"]


def test_item_vp_consistent_per_item():
    vp = {}
    for c in load_cards():
        if c["type"] == "item":
            vp.setdefault(c["item"], set()).add(c["vp"])
    assert vp == {
        "boots": {1},
        "sack": {1},
        "crossbow": {1},
        "hammer": {2},
        "sword": {2},
        "tea": {2},
        "coins": {3},
    }


def test_specific_costs():
    by_key = {c["key"]: c for c in load_cards()}
    assert by_key["royal-claim"]["cost"] == ["any"] * 4
    assert by_key["tax-collector"]["cost"] == ["fox", "rabbit", "mouse"]
    assert by_key["tax-collector"]["count"] == 3
    assert by_key["stand-and-deliver"]["cost"] == ["mouse"] * 3
    for suit, name in (("fox", "foxes"), ("mouse", "mice"), ("rabbit", "rabbits")):
        favor = by_key[f"favor-of-the-{name}"]
        assert favor["cost"] == [suit] * 3 and favor["effect"] == "favor"


def test_card_texts_short():
    for c in load_cards():
        assert c["text"] and len(c["text"]) <= 95, c["key"]


# -------------------------------------------------------------------- items


def test_item_supply():
    items = load("items.json")
    supply = items["supply"]
    assert sum(supply.values()) == 12
    assert supply == {
        "boots": 2,
        "sack": 2,
        "crossbow": 1,
        "hammer": 1,
        "sword": 2,
        "tea": 2,
        "coins": 2,
    }
    assert sorted(items["ruins"]) == ["boots", "hammer", "sack", "sword"]


def test_item_counter_totals_add_up():
    # 23 counters = 12 supply + 4 ruin items + 7 Vagabond "S" start items.
    items = load("items.json")
    start = items["vagabond_start_items"]
    assert sum(start.values()) == 7
    combined = Counter(items["supply"]) + Counter(items["ruins"]) + Counter(start)
    assert dict(combined) == items["counter_totals"]
    assert sum(items["counter_totals"].values()) == 23
