"""A local Discord double and the tools to run the real bot against it (tests and the network benchmark only).

`server.py` is the double (REST and gateway on 127.0.0.1), `process.py` starts `rootbot run` pointed at it,
`players.py` sends slash commands and button presses through its gateway, `bench.py` measures the real stack.
Nothing here runs in production: `rootbot run` talks to a double only under the test-only setting of
bot/discord/redirect.py.
"""
