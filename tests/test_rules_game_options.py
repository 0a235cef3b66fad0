"""Game options as the factions and modes declare them (rules.options): each declared value starts a game, any
other value is refused at setup with one clear message, and the default is the first value."""

from __future__ import annotations

import pytest
import seam_factions as sf
from frontier_helpers import options as frontier_options

import rules
from rules import registry
from rules.options import GameOption

STANDARD = ["spore", "spinners", "tinker"]


def declared() -> list[tuple[str, GameOption]]:
    """Every option of the standard game with the fan factions, and of the 3x3 mode."""
    out = [("standard", o) for o in registry.game_options("standard", STANDARD)]
    return out + [("frontier", o) for o in registry.game_options("frontier", []) if o.name != "negative_points"]


def new_game(mode: str, **extra: object) -> rules.GameState:
    if mode == "frontier":
        sf.register_all()
        try:
            return rules.new_game(frontier_options(**extra), 1)
        finally:
            sf.unregister_all()
    return rules.new_game({"factions": STANDARD, **extra}, 1)


@pytest.mark.parametrize(("mode", "option"), declared(), ids=lambda x: getattr(x, "name", x))
def test_every_declared_value_starts_a_game_and_another_is_refused(mode: str, option: GameOption) -> None:
    for value in option.values:
        assert new_game(mode, **{option.name: value}).options[option.name] == value
    wrong = 7 if isinstance(option.default, str) else "sideways"
    with pytest.raises(rules.RulesError, match=f"{option.name} must be {option.choices()}, not"):
        new_game(mode, **{option.name: wrong})


def test_a_bool_is_not_read_as_a_number_nor_a_number_as_a_bool() -> None:
    with pytest.raises(rules.RulesError, match="spore_mycelium_hits must be 1 or 2, not True"):
        new_game("standard", spore_mycelium_hits=True)
    with pytest.raises(rules.RulesError, match="spinners_response_to_removals must be false or true, not 1"):
        new_game("standard", spinners_response_to_removals=1)


def test_a_bad_bridge_entrance_is_refused_at_setup_not_when_a_fee_is_paid() -> None:
    with pytest.raises(rules.RulesError, match="bridge_entrance must be destination or either or source, not 'middle'"):
        new_game("frontier", bridge_entrance="middle")


def test_the_game_options_of_a_game_are_the_modes_then_each_factions_in_order() -> None:
    names = [o.name for o in registry.game_options("standard", ["marquise", "spore", "tinker"])]
    spore_options = ["spore_infection", "spore_mycelium_hits", "spore_overgrowth"]
    assert names == ["negative_points", *spore_options, "tinker_full_removal"]
    assert [o.default for o in registry.game_options("frontier", [])] == [False, "either", False]
