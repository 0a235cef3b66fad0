"""End to end: interactions Discord never sends, through the real bot process, are refused with one message each."""

from __future__ import annotations

from dataclasses import replace

from bot import messages
from tests.double_world import ALICE, World, texts, world
from tools.double.payloads import Message

__all__ = ["world"]

COMMAND, COMPONENT = 2, 3


async def test_an_unknown_option_and_a_button_no_button_has_are_each_answered_once(world: World) -> None:
    await world.start()
    await world.lobby()
    before = world.saved()
    data = world.players.command_data("root log", {"lines": 3}, focused=None)
    data["options"][0]["options"].append({"name": "zzz", "type": 3, "value": "1"})
    unknown = await world.players.answer(await world.double.interact(COMMAND, ALICE, world.game.id, data))
    assert texts(unknown.shown) == [messages.MALFORMED.format(reason=messages.UNKNOWN_OPTION.format(
        option="zzz", command="root log"))]  # fmt: skip
    posted = next(m for m in world.double.in_channel(world.game.id) if m.buttons)
    garbled = "rb:c:99999999999999999999:1"
    button = {**posted.buttons[0], "custom_id": garbled}
    message: Message = replace(posted, components=[{"type": 1, "components": [button]}])
    press = {"custom_id": garbled, "component_type": 2}
    pressed = await world.players.answer(await world.double.interact(COMPONENT, ALICE, world.game.id, press, message))
    assert texts(pressed.shown) == [messages.MALFORMED.format(reason=messages.UNKNOWN_BUTTON)]
    assert world.saved() == before
