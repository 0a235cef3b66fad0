"""Every user-facing string of the bot, with named placeholders (one place to reword or translate)."""

from __future__ import annotations


def plural(count: float, noun: str, many: str = "") -> str:
    """A count with its noun: "1 point", "2 points", "0.5 hours" (many is the plural when an s will not do)."""
    return f"{count:g} {noun if count == 1 else many or noun + 's'}"


def possessive(name: str) -> str:
    """A name with its possessive: "Marquise de Cat's", "Eyrie Dynasties'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


NAME_LIMIT = 40  # Discord's display names are at most 32 characters
_MARKDOWN = str.maketrans({c: "\\" + c for c in "\\*_`~|<>#[]()-:"})


def shown_name(name: str) -> str:
    """A display name as message text shows it: on one line, cut to NAME_LIMIT, its markdown characters escaped
    ('```md', '*', '||') and its mentions ('@everyone', '<@123>') made plain text (a zero-width space after '@')."""
    text = " ".join(str(name).split())
    if len(text) > NAME_LIMIT:
        text = text[: NAME_LIMIT - 1] + "…"
    return text.translate(_MARKDOWN).replace("@", "@\u200b")


# --- refusals --------------------------------------------------------------------
REFUSED = "Not accepted: {reason}."
NO_GAME = "There is no game in this channel. Create one with /root create."
GAME_EXISTS = "This channel already has a game ({status}). A moderator can end it with /rootmod end."
NOT_IN_LOBBY = "The game has already started; seats can only change hands through a moderator (/rootmod replace)."
NOT_STARTED = "The game has not started yet: {missing}"
NOT_ACTIVE = "The game is {status}."
GAME_OVER_NEW = "The game is over; /root create starts a new one."
GAME_ENDED = "A moderator ended this game; /root create starts a new one."
LOBBY_ENDED = "A moderator ended this game before it started; /root create starts a new one."
READY_TO_START = "every seat is taken: start it with /root start."
NO_TEAMS = "a {mode} game is played without teams; join without the team option"
BAD_TEAM = "teams in a {mode} game are {teams}, not '{team}'"
TEAM_KEPT = "{faction} plays for team **{team}** and keeps its team; leave out the team option or name that team"
NEEDS_TEAM = "a {mode} game is played in teams: join with the team option too ({options})"
TEAM_FULL = "team {team} already has its {size} players; join the other team"
TEAM_CHOICE = "Team {team} ({taken}/{size}: {players})"
ONE_MAP = "{board} map"
JOINED_MAPS = "{boards} maps joined by bridges"
MODE_SEATS = "a {mode} game has {low} to {high} seats, not {seats}"
MODE_EXACT_SEATS = "a {mode} game has exactly {low} seats, not {seats}"
PAUSED = "The game is paused by a moderator; it goes on after /rootmod resume."
NOT_SEATED = "You are not seated in this game. Join a free faction with /root join."
NOT_SEATED_FULL = "You are not seated in this game, and every seat is taken: watch it with /root board or /root status."
ALREADY_SEATED = "You already play {faction} in this game."
UNKNOWN_FACTION = "unknown faction '{name}'; factions are {known}"
NOT_PLAYABLE_FACTION = "the {name} can't be played yet; factions to play are {known}"
NOT_PLAYABLE_MODE = "the {mode} mode can't be played yet; modes to play are {known}"
FACTION_NOT_ALLOWED = "{faction} is not one of this game's factions: {allowed}"
FACTION_TAKEN = "{faction} is already taken."
TABLE_FULL = "All {seats} seats are taken."
SEATS_MISSING = "{players} must join first (/root join)."
TOO_FEW_FACTIONS = "only {allowed} allowed, fewer than the {seats} seats"
BAD_SEATS = "a game has {low} to {high} seats, not {seats}"
BAD_NUMBER = "{what} must be at least {low}"
RANGE = "from {low} to {high}"
OUT_OF_RANGE = "{what} must be {range}, not {value}"
STALE = "The game changed while you were choosing; look at the board again and retry."
BUSY = "The bot is very busy right now and could not take your command; nothing changed. Try again in a moment."
STALE_BUTTON = "That button belongs to an earlier moment of the game; look at the board and choose again."
NOT_YOUR_DECISION = "This choice is not yours to make: {who} must {what}."
NOT_YOUR_MOVES = "These moves are not yours: {who} must {what}."
TOO_MANY_CHOICES = "There are too many choices for buttons ({what}); answer with /play action:…, one of:\n{answers}"
UNKNOWN_CARD = "No such card: {reason}."
NOT_A_MODERATOR = "Only moderators can do that (Manage Server, or the moderator role set with /rootmod settings)."
NO_SUCH_SEAT = "No seat plays '{name}' in this game; the seats are: {seated}."
USER_ALREADY_SEATED = "{user} already plays {faction} in this game."
BOT_CANNOT_PLAY = "{user} is a bot and cannot play a seat; /rootmod automate seats an automated player."
UNDO_CROSSES = (
    "Undoing {actions} would cross a die roll, a card draw or something revealed "
    "(the players have seen it). Repeat with confirm:True if the table agrees."
)
UNDO_TOO_MANY = "Only {actions} can be undone."
NOTHING_TO_SKIP = "There is nothing to skip: {seat} has no legal action."
NOT_PAUSED = "The game is not paused."
NO_TEAM_GAME = "This game has no teams, so it has no team threads."
TEAM_THREADS_RETRY = "The bot tries again to make the team threads the server refused ({teams})."
TEAM_THREADS_FINE = "No team thread was refused in this game: there is nothing to try again."
NOT_FINISHED_ERROR = "Something went wrong on our side; the game is unchanged. Please tell a moderator."
NOT_SHOWN_ERROR = "Your command was saved, but showing it failed; /root status and /root board show the game."

# --- lobby -----------------------------------------------------------------------
CREATED = (
    "**New game of Root** in this channel: {mode}, {board}, {seats} seats.\n"
    "Factions: {factions}. {goal}{options}\n"
    "Join with `{join}`; when every seat is taken, `/root start`."
)
GAME_OPTIONS = " Game options: {options}."
UNKNOWN_GAME_OPTION = "unknown game option '{name}'; this game's options are {known}"
BAD_GAME_OPTION = "{name} must be {values}, not '{value}'"
GAME_OPTION_TWICE = "{name} is given twice ({first}, then {then}); give it once"
NO_GAME_OPTIONS = "none"
JOIN = "/root join faction:…"
TEAM_JOIN = "/root join faction:… team:…"
GOAL = "First to {points} wins{limit}."
TEAM_GOAL = "The first team to {points} wins{limit}."
ROUND_LIMIT = ", or the most points after round {rounds}"
JOINED = "{user} joins as **{faction}** ({taken}/{seats} seats)."
JOINED_TEAM = "{user} joins as **{faction}** for team **{team}** ({taken}/{seats} seats)."
SEATED_PLAYER = "{faction} ({user})"
SEATED_TEAM_PLAYER = "{faction} ({user}, team {team})"
JOINED_FULL = "Every seat is taken: start with `/root start`."
CLAIMED = "{user} takes over **{faction}**."
LEFT = "{user} leaves **{faction}** ({taken}/{seats} seats)."
STARTED = "**The game begins.** Seats: {seats}.\nTurn order: {order}."
SEAT_LINE = "{faction} ({user})"
SEAT_TEAM_LINE = "{faction} ({user}, team {team})"
NOBODY = "nobody"
AUTOMATED = "automated"  # how a seat's player is named when an automated player holds it
AUTOMATED_PLAYER = "the automated player"  # the player a moderator replaced or removed, when it was automated
AUTOMATED_JOINED = "An automated player joins as **{faction}** ({taken}/{seats} seats)."
AUTOMATED_JOINED_TEAM = "An automated player joins as **{faction}** for team **{team}** ({taken}/{seats} seats)."

# --- play --------------------------------------------------------------------------
ACTED = "**{faction}** ({user}): `{notation}`"
NEXT_MENTION = "Next: {user}, {faction} must {what}."
NEXT_SAME = "Still {faction}: {what}."
NEXT_VACANT = "Next: {faction} (no player: a moderator can /rootmod replace) must {what}."
NEXT_AUTOMATED = "Next: {faction} (automated) must {what}."
CHOOSE_BUTTON = "Choose ({faction})"
MOVES_BUTTON = "Moves ({faction})"
LABEL_IN = "in {where}"
LABEL_WITH = "with {suit}"
LABEL_END = "End {step}"
FOREST_LABEL = "forest {forest}"  # a forest in an autocomplete choice
YOUR_CHOICES = "Your choice ({what}):"
YOUR_MOVES = "Your likeliest moves ({what}); /play offers every legal action:"
GAME_OVER = "**The game is over.** {winners} win{s}! Final points: {points}."
POINTS_ITEM = "{faction} {points}"
TEAM_POINTS_ITEM = "team {team} {points}"
TEAM_POINTS = "{teams} ({factions})"
UNDONE = "{user} takes back {actions}."
AUTO_PASSED = "**{faction}** passes automatically (no card in hand could answer)."
AUTO_PASS_TRADE_OFF = "Everyone sees the pass come at once, so the table learns you held no card that could answer."
AUTO_PASS_ON = (
    "Auto-pass is on: when a prompt waits for you that you can only answer with pass (an ambush, a foil, "
    "Field Hospitals… with no card that could answer), the bot passes for you at once. " + AUTO_PASS_TRADE_OFF
)
AUTO_PASS_OFF = (
    "Auto-pass is off: every prompt waits for your answer, even one you can only pass, "
    "so nobody learns from how fast you pass. /root autopass on:true turns it on."
)
AUTO_PASS_HELP = "Pass for you when no card in hand could answer a prompt (the table learns you had none)"

# --- private threads ---------------------------------------------------------------------
THREAD_NAME = "{faction} ({user}), private"
THREAD_WELCOME = (
    "{user}, this private thread is yours for **{faction}**: your hand, your draws and the choices only you make "
    "come here. Only you and the bot are in it."
)
THREAD_HAND = "Your hand ({count}): {cards}"
PRIVATE_PILE = "Your {pile}, face down, only you see them ({count}): {cards}"
THREAD_NOT_DELIVERED = "Only you see this (your private thread could not be reached): {text}"
NOTHING = "nothing"

# --- team threads (a team game: one private thread per team) ------------------------------
TEAM_THREAD_NAME = "Team {team}, private"
TEAM_MEMBER = "{user} ({faction})"
TEAM_THREAD_WELCOME = (
    "This private thread is team **{team}**'s: {members}. Talk plans here: only your team and the bot are in it "
    "(as in any private thread, the server's moderators can open it too). The bot never posts a hand here: "
    "each of you keeps your own hand in your own private thread."
)
TEAM_THREAD_JOINED = "{user} now plays {faction} for team **{team}** and joins this thread."
NO_TEAM_THREADS = (
    "{mods}: {teams} get no private thread here: this server or channel does not let me make private threads "
    "(I need Create Private Threads, Send Messages in Threads and Manage Threads, in a text channel). "
    "The game goes on; a team can talk by DM. Hands stay private in each player's own thread (or DM)."
)
TEAM_LABEL = "Team {team}"
STATUS_TEAM_THREAD = "\nYour team's private thread: <#{thread}>."
STATUS_NO_TEAM_THREAD = "\nYour team has no private thread: this server or channel does not allow one."

# --- board posting ---------------------------------------------------------------------
BOARD_POSTS = {
    "move": "after every move",
    "turn": "at the end of each turn",
    "request": "only on request (/root board public:true)",
}
BOARD_CHOICES = {"move": "after every move", "turn": "at the end of each turn", "request": "only on request"}
BOARDS = "Boards in this game are posted {when}{live}."
BOARDS_LIVE = ", in one live board message kept up to date"
BOARDS_HELP = "How this game posts its board: after every move, at the end of each turn or on request"
BAD_BOARD_POSTS = "boards are posted after every 'move', at the end of each 'turn' or on 'request', not '{value}'"
NOT_HOST = "Only the game's creator or a moderator can change that."
LIVE_BOARD_MOVED = "The live board is posted again at the bottom of the channel."
LIVE_BOARD_CAPTION = "Live board: {text}"
LATE_BOARD = "The board, drawn late (the bot restarted before showing it): {text}"

# --- information ----------------------------------------------------------------------
HAND = "Your hand ({faction}, {count}):\n{cards}"
HAND_EMPTY = "Your hand ({faction}) is empty."
HAND_CARD = "• **{name}** ({suit}, {type}): {text}"
BOARD = "Round {round}, {whose} turn ({phase}). Points: {points}."
BOARD_OVER = "The game is over after round {round}. Points: {points}."
LOG_EMPTY = "Nothing has happened yet."
LOG_LINE = "{seq}. {who}: `{notation}` {text}"
LOG_NOTE = "{seq}. {text}"
LOG_PRIVATE = "   (only you see: {text})"
CARD = "**{name}** ({suit}, {type}{cost}): {text}"
CARD_COST = ", costs {cost}"
STATUS_LOBBY = "Lobby: {mode}, {board}, {taken}/{seats} seats. Seated: {seated}. Free factions: {free}."
STATUS_ACTIVE = "{state}: round {round}. To act: {who}, who must {what}.{deadline}\nSeats: {seats}."
STATUS_DEADLINE = " Reminder {when}."
STATUS_OVER = "The game is {status}. Winners: {winners}. Points: {points}."
STATUS_SEAT = "{faction} ({user}, {points})"
STATUS_TEAM_SEAT = "{faction} ({user}, team {team}, {points})"
STATUS_TEAMS = "\nTeams: {teams}."

# --- moderators --------------------------------------------------------------------
MOD_PAUSED = "A moderator paused the game; reminders and moves wait until /rootmod resume."
UNSEEN_PAUSED = (
    "Paused: Discord said the channel is gone or closed to the bot, so the automated seats stopped; "
    "/rootmod resume goes on."
)
MOD_RESUMED = "The game goes on."
MOD_REMINDERS = "Reminders for this game now come every {hours}."
MOD_SKIPPED = "A moderator skipped for **{faction}** with the default choice: `{notation}`."
MOD_REPLACED = "{user} now plays **{faction}** (replacing {old})."
MOD_UNSEATED = "**{faction}** has no player now ({old} removed by a moderator)."
MOD_AUTOMATED = "An automated player now plays **{faction}** (replacing {old}); /rootmod replace gives it to a person."
ALREADY_AUTOMATED = "{faction} is already played by an automated player."
AUTOMATED_SEAT = "{faction} is played by an automated player; a moderator gives it to a person with /rootmod replace."
MOD_UNDONE = "A moderator took back {actions}."
MOD_CARD_MOVED = "Moderator edit: a card moves from {src} to {dst}."
MOD_CARD_MOVED_PRIVATE = (
    "Moderator edit: {card} moves from {src} to {dst} (only the players whose hidden cards it leaves or joins see it)."
)
MOD_CARD_MOVED_YOU = "Done: {card} moves from {src} to {dst}. The channel is told a card moves, not which."
PILE_OF = "{owner} {pile}"
THE_PILE = "the {pile}"
SHARED_PILES = {"deck": "the deck", "discard": "the discard pile", "available": "the dominance cards available"}
SEAT_PILES = {"hand": "hand", "crafted": "crafted cards"}  # a seat's places by the word an edit writes
MOD_ENDED = "A moderator ended the game."
MOD_SETTINGS = "Server settings: moderator role {role}, reminders every {hours}, {notices} before telling moderators."
MOD_SETTINGS_SEATS = "A seat left free in a running game is taken by {seats}."
VACATED_CHOICES = {"anyone": "anyone (/root join)", "moderators": "moderators only"}
BAD_VACATED = "a free seat is taken by 'anyone' or by 'moderators' only, not '{value}'"
VACATED_FOR_MODERATORS = (
    "On this server a seat left free in a running game is given by a moderator: ask one to "
    "/rootmod replace you in, or to take it themselves."
)
EXPORTED = "The record: setup options, seed and {actions}. `rootbot replay FILE` checks it."
EXPORTED_REDACTED = (
    "The record so far: setup options and {actions}, without the seed (it would reveal every hand and the "
    "deck order) while the game goes on. The full record, which `rootbot replay` checks, comes after the game ends."
)
FULL_EXPORT_ANNOUNCED = (
    "{user} (moderator) took the full record of this game, seed included: it reveals every hand and the deck order."
)
MOD_NO_ROLE = "none (Manage Server only)"
EVERYONE_ROLE = "@everyone would make every member a moderator; choose a role of its own"

# --- reminders ----------------------------------------------------------------------
REMINDER = "Reminder {count}: {user}, **{faction}** must {what} (waiting since {since}). Next reminder {next}."
REMINDER_LAST = (
    "Reminder {count}: {user}, **{faction}** must {what} (waiting since {since}). Moderators are told {next}."
)
STALLED = (
    "{mods}: this game is stuck. **{faction}** ({user}) has not played since {since}. "
    "See /rootmod skip, replace or pause."
)
REMINDER_UNSEATED = (
    "Reminder {count}: {mods}, **{faction}** must {what} (waiting since {since}) but the seat has no player. "
    "Seat someone with /rootmod replace (or they can /root join), or /rootmod skip. Next reminder {next}."
)
MODERATORS = "Moderators"
PART_BOARD = "the board"
PART_POSTS = "the players' private posts"
PART_NEXT = "who plays next"
NOT_DESCRIBED = (
    "(Part of this could not be shown because of a fault in the bot; it is saved, and the moderators are told.)"
)
DESCRIBE_FAILED = (
    "{mods}: a change to this game was saved, but {parts} could not be shown (a fault in the bot; the details are in "
    "its log). The game goes on."
)
SHOW_FAILED = (
    "{mods}: when a player asked, {parts} could not be shown (a fault in the bot; the details are in its log). "
    "The game goes on."
)
NOT_SHOWN = "(Part of this could not be shown because of a fault in the bot; the moderators are told.)"
PART_CHOICES = "the choices of the seat to act"
PART_HAND = "a hand"
HAND_NOT_SHOWN = (
    "Your hand could not be shown because of a fault in the bot; the moderators are told. The game is as it was."
)
CHOICES_NOT_SHOWN = (
    "Your choices could not be shown because of a fault in the bot (the moderators are told); "
    "answer with /play action:…, which offers every legal action."
)
STATUS_NOT_SHOWN = "Round {round}. Points: {points}.\n" + NOT_SHOWN
NOT_DRAWN = (
    "{mods}: a picture of this game could not be drawn (a fault in the bot; the details are in its log). "
    "The game goes on without it."
)
NO_PICTURES = (
    "{mods}: I may not attach pictures in this channel, so its board and the players' hands are posted without "
    "them. Give me Attach Files in this channel's permissions to bring them back."
)

EMPTY_OPTION = "The option {option}: is empty; give it a value, or leave the option out."
UNREADABLE_OPTION = "the option {option}: '{value}' {reason}"
TOO_LONG = "is too long ({limit} characters at most)"
OTHER_WORD = "there is no action '{word}' and no /{word} command: use /{command} for it (or '{verb} …' in /play)"
EMPTY_REQUIRED = "The option {option}: is empty; give it a value (this command needs it)."

# --- the offline console (it stands in for Discord's client, which checks options before sending) ----
CONSOLE_MISSING = "/{command} needs the option {option}:…"
CONSOLE_NOT_BOOLEAN = "{option} takes true or false, not '{value}'"
CONSOLE_NOT_NUMBER = "{option} takes {what}, not '{value}'"
CONSOLE_OUT_OF_RANGE = "{option} takes {what} {bounds}, not '{value}'"
CONSOLE_BOUNDS = "from {low} to {high}"
CONSOLE_WHOLE = "a whole number"
CONSOLE_NUMBER = "a number"
CONSOLE_CHOICES = "{option} is one of {choices}, not '{value}'"
CONSOLE_UNKNOWN_OPTION = "/{command} has no option '{option}'; its options are: {options}"
CONSOLE_NO_OPTIONS = "none"
CONSOLE_NO_COMMAND = "there is no command /{name}{meant}"
CONSOLE_REPEATED = "/{command} got the option {option}: more than once; give each option once"

# --- running ----------------------------------------------------------------------------
BAD_SETTING = "{name}={value} is not valid: expected {expected}."
BAD_ENV_FILE = "{path} cannot be read ({error}); expected a UTF-8 text file of NAME=value lines."
EXPECTED_DB_URL = (
    "a database URL with an async driver, such as sqlite+aiosqlite:////abs/path/rootbot.db "
    "or postgresql+asyncpg://user:password@host/rootbot"
)
EXPECTED_ID = "a Discord server id (a whole number, from Developer Mode: right-click the server, Copy Server ID)"
EXPECTED_NUMBER = "a number of {what} {range}"
EXPECTED_WHOLE = "a whole number {range}"
EXPECTED_LEVEL = "one of {levels}"
EXPECTED_SHARDS = (
    "'auto' (one process, Discord says how many shards), or this process's shard ids out of the total, "
    "such as '0-3 of 8', '4-7 of 8' or '0,2 of 4' (ids from 0 to the total - 1, a total from 1 to {most})"
)
SHARDS_RUN = "rootbot: running shards {shards}"
INVITE = "invite the bot to a server with: {url}"
DATABASE_AT = "rootbot: games are kept in {where}"
DATABASE_USED = "rootbot: database {where}"
EXPORT_CONSOLE_HINT = "; a console game? add --db rootbot-console.db"
CONSOLE_PROMPT = "Type lines such as: @alice /root create seats:2   (Ctrl-D ends)"
BAD_TOKEN = "Discord refused DISCORD_TOKEN; expected the token of your application's bot (developer portal → Bot)."
NO_DISCORD = "cannot reach Discord ({reason}); expected a network connection to discord.com."
DOUBLE_NOT_TESTING = (
    "ROOTBOT_DISCORD_DOUBLE is a test-only setting and is refused without ROOTBOT_TESTING=double; "
    "expected it unset for a real bot."
)
BAD_DOUBLE = (
    "ROOTBOT_DISCORD_DOUBLE={value} is not valid: expected a Discord double on this machine, "
    "http://127.0.0.1:PORT (or [::1] or localhost)."
)
TALKING_TO_DOUBLE = "test mode: talking to the Discord double at {url}, not to Discord"

# --- command-line inputs (each one line, naming the input and what was expected) --------------------
BAD_DB_ARGUMENT = "--db {db} is not usable: expected a SQLite file path or {expected}."
DB_IS_FOLDER = "{db} is a folder; expected a SQLite database file."
DB_MISSING = "{db}: no such database file; expected the SQLite file the bot or console wrote."
DB_NOT_ROOTBOT = "{db} holds no rootbot games (no schema); expected a database written by rootbot."
DB_OLD_SCHEMA = "{db} is at schema {found}, this rootbot reads {wanted}; run: rootbot migrate --db {db}"
DB_UNUSABLE = "{db} cannot be used ({reason}); expected a readable, writable rootbot SQLite database."
FILE_IS_FOLDER = "{path} is a folder; expected {expected}."
FILE_MISSING = "{path}: no such file; expected {expected}."
FILE_NOT_UTF8 = "{path} is not UTF-8 text; expected {expected}."
FILE_UNREADABLE = "{path} cannot be read ({reason}); expected {expected}."
FILE_EMPTY = "{path} is empty; expected {expected}."
EXPECTED_SCRIPT = "a UTF-8 text file of console lines such as '@alice /root create seats:2'"
EXPECTED_EXPORT = "a JSON record written by rootbot export"
NOT_JSON = "{path} is not valid JSON ({reason} at {where}): truncated, or not a record written by rootbot export."
BAD_EXPORT = "{path} is not a rootbot export: {problem}."
BAD_IMAGES = "--images {path} cannot be used as the picture folder ({reason}); expected a folder path."
BAD_OUT = "{path} cannot be written ({reason}); expected a file path in a folder you can write to."
CONSOLE_SUMMARY = "console: {commands}, {refused} refused, {pictures}, {unreadable}"
EXPORT_WRITTEN = "export: {actions} written to {path}{note}"
EXPORT_WITHOUT_SEED = " (without the seed: the game has not ended)"
REPLAY_RESULT = "replay: {actions}, version {version}: {verdict} (digest {digest}){rules}"
REPLAY_RULES = "; recorded under rules revision {number}: {note}"
REPLAY_SAME = "the same state"
REPLAY_DIFFERENT = "a DIFFERENT state"
BENCH_BOARDS = "  {setting:<15} {posted:<28} {edited}"
REPLAY_REFUSED = "{path} does not replay: {reason} (was the file edited, or written by another version?)"
REPLAY_REDACTED = (
    "replay: {path} is the record of a game still going on ({status}) without its seed: {actions}, well formed, "
    "but it cannot be replayed or checked without the seed. Export again after the game ends, or ask a moderator "
    "for the full record (/rootmod export full:true)."
)
BACKUP_NOT_SQLITE = "{db} is not a SQLite database; rootbot backup copies SQLite files (use your database's own tools)."
BACKUP_EXISTS = "{path} already exists; expected a new file name for the backup."
BACKUP_FAILED = "copying {db} into {path} failed ({reason}); no backup was written."
BACKUP_NO_FOLDER = "{path} cannot be written: there is no folder {folder}; expected a file in a folder that exists."
BACKUP_LINK = "{path} is a link; expected a new file name for the backup (a backup is never written through a link)."
BAD_CHANNEL = (
    "--channel {channel} is not a Discord channel id (a whole number from 1 to {most}, digits 0-9); "
    "expected that, or a console channel name such as 'game'."
)
BACKED_UP = "backup: {db} copied to {path} ({pages} pages, integrity checked)"
NO_TOKEN_CONSOLE = (
    "No Discord token is set (DISCORD_TOKEN in the environment or .env; see docs/deploy.md), so the offline "
    "console is running. Type a first command and press Enter, e.g.  @alice /root create seats:2  "
    "(one line per command, '@name' is who types it; Ctrl-D quits)."
)
NO_TOKEN = (
    "No Discord token is set. Put DISCORD_TOKEN=… in the environment or in .env (see .env.example).\n"
    "To play offline without Discord: rootbot console "
    "(or rootbot console --script assets/examples/short-game.txt)"
)

# --- command descriptions (Discord shows these; at most 100 characters) -----------------
VERB_CHOICES = "{verb} … ({n} choices)"
PLAY_HELP = "Any legal action in notation (type to search, e.g. 'move 1>5 x2')"
CONFIRM_PAYMENT = (
    "`{notation}` would also spend from your hand: {paid}. "
    "Nothing has changed yet: press Confirm to go ahead, or make another move."
)
WOULD_PAY_ITEM = "{answer}, your only way to {owed}"
CONFIRM_BUTTON = "Confirm: {notation}"
RECORDS_IDENTIFIED = "records: {games} saved by an earlier version given the rules revision of their record"
RECORD_UPGRADED = (
    "This game was saved by an older version of the bot: its record was written under rules revision {number} "
    "({note}). The game plays on under today's rules; undo and the record replay its first {lines} as written."
)
RECORD_WONT_REPLAY = (
    "This game's record no longer replays under today's rules ({reason}): it was saved by an older version, so it "
    "cannot be rebuilt without its last actions. A moderator can mend the game with edits."
)
RECORD_UNMATCHED = (
    "This game was saved by an older version of the bot, and its record does not replay to the saved game under any "
    "rules revision this version knows: the game plays on from what was saved, and an undo rebuilds it from the "
    "record under today's rules."
)

# Interactions Discord never sends (bot/discord/decoding.py): one message, the game unchanged.
MALFORMED = "That interaction could not be read ({reason}); nothing was done."
MALFORMED_DATA = "its data is not shaped like Discord's"
MALFORMED_KIND = "it is not a slash command"
MALFORMED_SUBCOMMAND = "/{command} needs one of its subcommands"
UNKNOWN_COMMAND = "there is no command /{name}"
UNKNOWN_OPTION = "/{command} has no option {option}:"
REPEATED_OPTION = "the option {option}: is given twice"
MISSING_OPTION = "the option {option}: is required"
BAD_OPTION = "the option {option}: holds a value of the wrong kind or length"
OPTION_OUT_OF_RANGE = "the option {option}: must be from {low} to {high}"
OPTION_TOO_LARGE = "the option {option}: is too large (Discord's numbers stay within 2^53 either side of 0)"
UNKNOWN_BUTTON = "no button of this bot has that id"
