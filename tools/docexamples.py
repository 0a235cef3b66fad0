"""The example of every command in docs/commands.md, each with the moment of a game where it is accepted.

Usage: python -m tools.docexamples        (writes assets/examples/command-examples.json; then python -m tools.docgen)

An example is a console line and how to reach a moment where it is accepted: console lines run first (a lobby, a
few moves), and for the engine's verbs a record of notations found by seeded random walks from the start of a
game (with moderator edits first where a verb needs them), written as the game's state; a verb the two-seat game
never allows (a faction's own, the dominance cards it sets aside) is looked for in the other games, which the
factions and modes declare (`rules.examples`: three seats with the Alliance, the Vagabond, the Spore, the Spinners
or Old Man Tinker, four with the Alliance and the Vagabond, six in the 3x3 mode).
tests/test_bot_docs.py runs every example through the real command tree from that moment and checks it is
accepted. A verb no game the bot can create allows keeps an example that is refused, and the test checks the
refusal says why; so does a verb the walks don't reach (`RARE`, which the factions and modes declare as `rare`:
the 3x3 mode's deeper moments, such as a Legend).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import rules
from bot.console import Console, OffsetClock
from bot.console.offline import OfflineBot
from bot.service import GameService, notation
from bot.settings import Settings
from bot.storage.store import Store
from rules import registry
from rules.examples import Edits, ExampleGame, RareExample
from rules.modes import find_mode
from rules.options import STANDARD
from tools.scriptgen import command_line

FILE = Path(__file__).resolve().parents[1] / "assets" / "examples" / "command-examples.json"
SEED = 1
CREATE = "@alice /root create seats:2 factions:marquise,eyrie"
LOBBY = [CREATE, "@alice /root join faction:marquise", "@bob /root join faction:eyrie", "@bob /root start"]


def player(fid: str) -> str:
    """The console user who plays a faction in the examples (its declaration's, else named after its id)."""
    declared = registry.faction(fid).examples
    return declared.player if declared else fid


def lobby(game: ExampleGame, mode: str = STANDARD) -> list[str]:
    """The console lines that create an example game (by the first listed faction's player), seat its players and
    start it (the last to join)."""
    mode_option = "" if mode == STANDARD else f"mode:{mode} "
    map_option = f" map:{game.board}" if game.board else ""
    listed = ",".join(game.factions)
    create = f"/root create {mode_option}seats:{len(game.factions)} factions:{listed}{map_option}"
    lines = [f"@{player(game.factions[0])} {create}"]
    teams = game.teams or ("",) * len(game.seated)
    for fid, team in zip(game.seated, teams, strict=True):
        lines.append(f"@{player(fid)} /root join faction:{fid}" + (f" team:{team}" if team else ""))
    return [*lines, f"@{player(game.seated[-1])} /root start"]


@dataclass(frozen=True)
class Shown:
    """An example game as docexamples plays it: its lobby's lines, the edits made after setup, the verbs preferred."""

    lobby: list[str]
    edits: Edits | None = None
    prefer: tuple[str, ...] = ()
    teams: bool = False


def declared_games() -> list[Shown]:
    """The games the factions declare (in the order their `Examples` ask), then those the modes declare."""
    declared = [e for e in (registry.faction(f).examples for f in registry.playable_ids()) if e is not None]
    out = [Shown(lobby(g), g.edits, g.prefer) for e in sorted(declared, key=lambda e: e.order) for g in e.games]
    for mode in map(find_mode, registry.playable_mode_ids()):
        out += [Shown(lobby(g, mode.id), g.edits, g.prefer, bool(g.teams)) for g in mode.examples]
    return out


def other_games() -> list[Shown]:
    """The declared games other than the two-seat game of the lobby."""
    return [game for game in declared_games() if game.lobby != LOBBY]


OTHER_GAMES = other_games()
EDITED_LOBBY = [game for game in declared_games() if game.lobby == LOBBY]  # the lobby's game with edits
TEAM_LOBBY = next(game.lobby for game in OTHER_GAMES if game.teams)  # a team mode's game (its threads)
WALKS, STEPS = 40, 400
UNREACHABLE: dict[str, tuple[str, str]] = {}  # verbs no game the bot can create allows yet: example and refusal
RARE_NOTE = (
    "The example walks don't reach the moment this is asked ({when}); the example is refused at another moment of "
    "the player's turn, saying why, and a test checks that."
)


@dataclass(frozen=True)
class Rare:
    """A verb the walks don't reach, as its faction or mode declares it, and the lobby of the game whose moment of
    another verb it is refused at (any game when None)."""

    example: RareExample
    lobby: tuple[str, ...] | None = None


def rare_examples() -> dict[str, Rare]:
    """The verbs the factions and modes declare the walks don't reach, by verb."""
    out: dict[str, Rare] = {}
    for fid in registry.playable_ids():
        declared = registry.faction(fid).examples
        if declared is not None:
            out.update({verb: Rare(rare) for verb, rare in declared.rare.items()})
            for game in declared.games:
                out.update({verb: Rare(rare, tuple(lobby(game))) for verb, rare in game.rare.items()})
    for mode in map(find_mode, registry.playable_mode_ids()):
        for game in mode.examples:
            out.update({verb: Rare(rare, tuple(lobby(game, mode.id))) for verb, rare in game.rare.items()})
    return out


RARE = rare_examples()


@dataclass
class Example:
    """A command's example, the user who types it, and how to reach a moment where it is accepted."""

    example: str
    lobby: bool = True  # start with the lobby: two players seated, the game started
    lines: list[str] = field(default_factory=list)  # console lines run before it
    record: list[str] = field(default_factory=list)  # then the game's state is this record replayed
    refused: str = ""  # for a verb no game allows yet: what its refusal says
    note: str = ""  # why the example is refused, for the command's page (the default: no game allows it yet)

    @property
    def user(self) -> str:
        """The console user of the example line ('@alice', '@mo!')."""
        return self.example.split()[0]

    @property
    def command(self) -> str:
        """The example as docs/commands.md shows it: the slash command alone."""
        return self.example.split(None, 1)[1]


def load() -> dict[str, Example]:
    """The examples, by command path ('root create', 'move')."""
    raw: dict[str, dict[str, Any]] = json.loads(FILE.read_text(encoding="utf-8"))
    return {name: Example(**entry) for name, entry in raw.items()}




def _walks(
    state: rules.GameState, edits: Edits | None = None, prefer: tuple[str, ...] = ()
) -> dict[str, tuple[list[str], rules.Action]]:
    """For each verb, the shortest record (over seeded walks) to a moment where the seat to act may play it.

    `edits` are moderator edits made once the setup is over (what some verbs need first); the walks choose among
    the actions of the `prefer` verbs (or whole notations: `character ronin`) whenever there are some (to reach
    moments a uniform walk rarely does).
    """
    found: dict[str, tuple[list[str], rules.Action]] = {}
    for walk in range(WALKS):
        chooser, here, record, edited = random.Random(walk), state, [], edits is None
        for _ in range(STEPS):
            seat = rules.to_act(here)
            if seat is None:
                break
            if not edited and here.turn.phase != "setup" and not here.pending:
                for text in edits(here) if edits else []:
                    here, _ = rules.apply_edit(here, text)
                    record.append(text)
                edited = True
            legal = rules.legal_actions(here, seat)
            for action in legal:
                if action.verb not in found or len(found[action.verb][0]) > len(record):
                    found[action.verb] = (list(record), action)
            action = chooser.choice([a for a in legal if a.verb in prefer or a.notation() in prefer] or legal)
            here, _ = rules.apply(here, action, seat=seat)
            record.append(action.notation())
    return found


def _player(record: list[str], options: dict[str, Any], seed: int) -> str:
    here = rules.replay(rules.Record(options, seed, record))
    seat = rules.to_act(here)
    assert seat is not None
    return player(here.seats[seat].faction)


Game = tuple[rules.GameState, dict[str, Any], int]


def verb_examples(
    state: rules.GameState, options: dict[str, Any], seed: int, others: list[Game]
) -> dict[str, Example]:
    """An example of every verb with a command, from the shortest record found to a moment where it is legal:
    in the two-seat game of the lobby (with the edits declared for it, if any), else in the first of the other
    games (`OTHER_GAMES`) that allows it."""
    found = _walks(state)
    for edited in EDITED_LOBBY:  # verbs the lobby's game allows only after edits (a new roost, when none is left)
        found.update({k: v for k, v in _walks(state, edited.edits, edited.prefer).items() if k not in found})
    elsewhere = [
        (shown.lobby, game, _walks(game[0], shown.edits, shown.prefer))
        for shown, game in zip(OTHER_GAMES, others, strict=True)
    ]
    out = {}
    for verb in sorted(notation.verbs()):
        other = next(((lobby, game, walked) for lobby, game, walked in elsewhere if verb in walked), None)
        if verb in found and verb not in UNREACHABLE:
            record, action = found[verb]
            out[verb] = Example(command_line(_player(record, options, seed), action), record=record)
        elif other is not None:
            lobby, (_, options_n, seed_n), walked = other
            record, action = walked[verb]
            user = _player(record, options_n, seed_n)
            out[verb] = Example(command_line(user, action), lobby=False, lines=lobby, record=record)
        elif verb in RARE:
            out[verb] = _rare(verb, elsewhere)
        else:
            line, why = UNREACHABLE.get(verb, (f"@alice /{notation.slash_name(verb)}", "not possible now"))
            out[verb] = Example(line, refused=why)
    moves = found["move"]
    user = _player(moves[0], options, seed)
    out["play"] = Example(f"@{user} /play action:{moves[1].notation()}", record=moves[0])
    return {notation.slash_name(name): example for name, example in out.items()}  # keyed as docgen names commands


def _rare(verb: str, elsewhere: list[tuple[list[str], Game, dict[str, tuple[list[str], rules.Action]]]]) -> Example:
    """The example of a verb the walks don't reach, refused at the moment found for another verb."""
    rare, at = RARE[verb], RARE[verb].example.at
    lobby, (_, options, seed), walked = next(
        other for other in elsewhere if at in other[2] and rare.lobby in (None, tuple(other[0]))
    )
    record = walked[at][0]
    line = f"@{_player(record, options, seed)} {rare.example.command}"
    note = RARE_NOTE.format(when=rare.example.when)
    return Example(line, lobby=False, lines=lobby, record=record, refused=rare.example.why, note=note)


def other_examples(state: rules.GameState, options: dict[str, Any], seed: int, setup: list[str]) -> dict[str, Example]:
    """The /root and /rootmod commands, each from a moment it is accepted at."""
    after = rules.replay(rules.Record(options, seed, setup))
    roost = next(c for c in after.board.ids() if after.clearings[c - 1].get("eyrie:roost"))
    crowd = next(c for c in after.board.ids() if after.clearings[c - 1].get("marquise:warrior", 0))
    elsewhere = next(c for c in after.board.ids() if c != crowd)
    card = rules.cards.card(state.seats[0].hand[0]).key
    first = rules.legal_actions(state, 0)[0]
    mod = "@mo!"
    return {
        "root create": Example(
            CREATE + " map:autumn win_points:15 round_limit:5 game_options:negative_points=true", lobby=False
        ),
        "root join": Example("@alice /root join faction:marquise", lobby=False, lines=[CREATE]),
        "root leave": Example("@alice /root leave", lobby=False, lines=LOBBY[:2]),
        "root start": Example("@bob /root start", lobby=False, lines=LOBBY[:3]),
        "root status": Example("@alice /root status"),
        "root hand": Example("@alice /root hand"),
        "root board": Example("@bob /root board public:true"),
        "root log": Example("@alice /root log lines:20"),
        "root card": Example("@alice /root card name:anvil"),
        "root undo": Example("@alice /root undo count:1", lines=[command_line("alice", first)]),
        "root autopass": Example("@bob /root autopass on:true"),
        "root boards": Example("@alice /root boards when:turn live:true"),
        "root export": Example("@bob /root export"),
        "rootmod pause": Example(f"{mod} /rootmod pause"),
        "rootmod resume": Example(f"{mod} /rootmod resume", lines=[f"{mod} /rootmod pause"]),
        "rootmod reminders": Example(f"{mod} /rootmod reminders hours:12"),
        "rootmod threads": Example(f"{mod} /rootmod threads", lobby=False, lines=TEAM_LOBBY),
        "rootmod skip": Example(f"{mod} /rootmod skip"),
        "rootmod replace": Example(f"{mod} /rootmod replace faction:eyrie user:@dave"),
        "rootmod unseat": Example(f"{mod} /rootmod unseat faction:eyrie"),
        "rootmod automate": Example(f"{mod} /rootmod automate faction:eyrie"),
        "rootmod undo": Example(f"{mod} /rootmod undo count:1 confirm:true", lines=[command_line("alice", first)]),
        "rootmod end": Example(f"{mod} /rootmod end"),
        "rootmod place": Example(f"{mod} /rootmod place clearing:{crowd} piece:marquise:warrior count:2", record=setup),
        "rootmod remove": Example(f"{mod} /rootmod remove clearing:{roost} piece:eyrie:roost count:1", record=setup),
        "rootmod shift": Example(
            f"{mod} /rootmod shift from:{crowd} to:{elsewhere} piece:marquise:warrior count:1", record=setup
        ),
        "rootmod points": Example(f"{mod} /rootmod points faction:eyrie points:12"),
        "rootmod card": Example(f"{mod} /rootmod card card:{card} from:hand:marquise to:discard"),
        "rootmod item": Example(f"{mod} /rootmod item item:sword from:supply to:items:marquise", record=setup),
        "rootmod edit": Example(f"{mod} /rootmod edit text:!place {crowd} marquise:warrior x2", record=setup),
        "rootmod settings": Example(f"{mod} /rootmod settings role:@Referees hours:24 notices:2"),
        "rootmod export": Example(f"{mod} /rootmod export full:true"),
    }


async def started_state(folder: Path, lobby: list[str] = LOBBY, channel: str = "examples") -> Game:
    """The state, engine options and seed of an examples' game, made by the bot itself from the lobby lines."""
    store = await Store.open(f"sqlite+aiosqlite:///{folder / 'examples.db'}")
    try:
        service = GameService(store, Settings(), seed_for=lambda _channel: SEED)
        shell = Console(OfflineBot(service), OffsetClock(), channel, None, write=lambda _: None)
        for line in lobby:
            await shell.run_line(line)
        table = await service.table(shell.channel_id)
        return table.state, json.loads(table.game.options or "{}"), int(table.game.seed or 0)
    finally:
        await store.close()


def map_edit_examples(verbs: dict[str, Example], others: list[Game]) -> dict[str, Example]:
    """The moderator's edits of a map's own features, each in the game of a map that has them, at the moment its
    verb's example is shown at (the Ferry's on the Lake map, a closed path's on the Mountain map)."""
    games = {tuple(shown.lobby): game for shown, game in zip(OTHER_GAMES, others, strict=True)}

    def moment(verb: str) -> tuple[Example, rules.GameState]:
        shown = verbs[verb]
        _, options, seed = games[tuple(shown.lines)]
        return shown, rules.replay(rules.Record(options, seed, shown.record))

    mod = "@mo!"
    ferried, lake = moment("ferry")
    coast = min(lake.board.coastal - {lake.landmarks["ferry"]})
    cleared, mountain = moment("clear")
    low, high = min(mountain.board.closed_paths)
    return {
        "rootmod ferry": Example(
            f"{mod} /rootmod ferry clearing:{coast}", lobby=False, lines=ferried.lines, record=ferried.record
        ),
        "rootmod path": Example(
            f"{mod} /rootmod path from:{low} to:{high} open:true", lobby=False, lines=cleared.lines,
            record=cleared.record,
        ),
    }


def build(state: rules.GameState, options: dict[str, Any], seed: int, others: list[Game]) -> dict[str, Example]:
    """Every command's example."""
    verbs = verb_examples(state, options, seed, others)
    mods = map_edit_examples(verbs, others)
    return {**other_examples(state, options, seed, verbs["decree"].record), **mods, **verbs}


def main(argv: list[str] | None = None) -> int:
    """Find the examples and write them."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=str(FILE))
    args = parser.parse_args(argv)
    if Path(args.out).is_dir():
        parser.error(f"--out: {args.out} is a folder")
    if not Path(args.out).parent.is_dir():
        parser.error(f"--out: there is no folder {Path(args.out).parent}")
    with tempfile.TemporaryDirectory() as folder:
        state, options, seed = asyncio.run(started_state(Path(folder)))
        lobbies = [shown.lobby for shown in OTHER_GAMES]
        others = [asyncio.run(started_state(Path(folder), lobby, f"examples-{i}")) for i, lobby in enumerate(lobbies)]
    examples = build(state, options, seed, others)
    text = json.dumps({name: asdict(e) for name, e in sorted(examples.items())}, indent=1)
    Path(args.out).write_text(text + "\n", encoding="utf-8")
    print(f"docexamples: {len(examples)} examples written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
