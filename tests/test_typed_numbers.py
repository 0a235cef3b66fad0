"""A typed number is read only when it is written with the digits 0 to 9 and fits a Discord integer option;
anything else is refused with one clear message naming the option or the word, never a crash."""

from __future__ import annotations

import pytest
from discord_harness import FakeClock, OfflineUser, db_url, offline_bot, state_of

import rules
from bot import messages
from bot.console.offline import OfflineBot
from bot.discord.commands import RENAMES
from bot.service.notation import slash_name, verb_options, verbs
from rules import registry
from rules.actions import REGISTRY, SCOPED, parse_pattern
from rules.errors import InvalidActionError
from rules.numbers import MAX_NUMBER, is_number, whole

ALICE, BOB = OfflineUser("alice"), OfflineUser("bob")
CH = 4300
OVER = str(MAX_NUMBER + 1)
HOSTILE = ["¹", "³", "١", "٣", "１", "²,1", "1,²", "x¹", "wood:¹", "f¹>1", "¹>1", OVER, "x" + OVER, "9" * 4000]


@pytest.mark.parametrize("text", ["0", "7", "12", str(MAX_NUMBER)])
def test_plain_digits_are_numbers(text):
    assert is_number(text) and whole(text) == int(text)


@pytest.mark.parametrize("text", ["", "¹", "١", "１", "1¹", "-1", " 1", "1.0", OVER, "9" * 5000])
def test_anything_else_is_not_a_number(text):
    assert not is_number(text)
    with pytest.raises(InvalidActionError):
        whole(text)


def test_a_signed_number_takes_one_minus():
    assert whole("-12", signed=True) == -12
    for text in ("--1", "-¹", "-" + OVER):
        with pytest.raises(InvalidActionError):
            whole(text, signed=True)


def _every_class() -> list[tuple[str, tuple[str, ...]]]:
    """Each verb with the scope that opens it: the shared ones, and each faction's or mode's own (any registered)."""
    return sorted({(verb, ()) for verb in REGISTRY} | {(verb, (scope,)) for scope, verb in SCOPED})


@pytest.mark.parametrize("token", HOSTILE)
def test_the_engine_refuses_a_number_it_cannot_read_in_every_action(token):
    """Every verb (every faction's and mode's too): the token is refused by name, never read as another number."""
    factions = set(registry.all_ids())
    for verb, scopes in _every_class():
        text = f"{verb} {token}"
        with pytest.raises(InvalidActionError) as refused:
            parse_pattern(text, factions, {}, scopes)
        assert token[:10] in str(refused.value) and len(str(refused.value)) < 300, (text, str(refused.value))


@pytest.fixture
async def bot(tmp_path):
    offline = await offline_bot(db_url(tmp_path), FakeClock())
    await offline.slash(ALICE, CH, "root create", seats=2)
    await offline.slash(ALICE, CH, "root join", faction="marquise")
    await offline.slash(BOB, CH, "root join", faction="eyrie")
    await offline.slash(BOB, CH, "root start")
    yield offline
    await offline.service.store.close()


def _required(verb: str) -> dict[str, object]:
    return {RENAMES.get(o.field, o.field): 1 if o.is_int else "1" for o in verb_options(verb) if o.required}


async def test_every_action_command_refuses_a_number_it_cannot_read_naming_the_option(bot: OfflineBot):
    """/crusade from:³, /pawn forest:١, /aid card:¹…: one refusal naming the option, the game unchanged."""
    before = (await state_of(bot.service, CH)).digest()
    for verb in verbs():
        for option in verb_options(verb):
            if option.is_int:
                continue
            name = RENAMES.get(option.field, option.field)
            for value in HOSTILE:
                answer = await bot.slash(ALICE, CH, slash_name(verb), **{**_required(verb), name: value})
                assert answer.refused and messages.NOT_FINISHED_ERROR not in answer.text, (verb, name, value)
                assert f"option {name}:" in answer.text and len(answer.text) < 300, answer.text
    assert (await state_of(bot.service, CH)).digest() == before


async def test_an_integer_option_beyond_discords_range_is_refused_naming_it(bot: OfflineBot):
    answer = await bot.slash(ALICE, CH, "keep", clearing=MAX_NUMBER + 1)
    assert answer.refused and "option clearing:" in answer.text and "too large" in answer.text
    assert messages.NOT_FINISHED_ERROR not in answer.text


@pytest.mark.parametrize("token", HOSTILE)
async def test_play_refuses_a_number_it_cannot_read_in_every_verb(bot: OfflineBot, token: str):
    """/play action:battle ¹ marquise and the like: refused by the engine, quoted short, the game unchanged."""
    before = (await state_of(bot.service, CH)).digest()
    for verb in verbs():
        answer = await bot.slash(ALICE, CH, "play", action=f"{verb} {token}")
        assert answer.refused and messages.NOT_FINISHED_ERROR not in answer.text, (verb, token, answer.text)
        assert len(answer.text) < 400, answer.text
    assert (await state_of(bot.service, CH)).digest() == before


async def test_a_long_number_is_not_echoed_whole(bot: OfflineBot):
    for line in ("move 1>2 x" + "9" * 4000, "keep " + "9" * 4000, "keep " + "9" * 90, "keep " + "w" * 4000):
        answer = await bot.slash(ALICE, CH, "play", action=line)
        assert answer.refused and len(answer.text) < 300, answer.text


async def test_a_plain_number_still_plays(bot: OfflineBot):
    answer = await bot.slash(ALICE, CH, "keep", clearing=1)
    assert not answer.refused, answer.text
    assert rules.to_act(await state_of(bot.service, CH)) == 0
