"""Old versions of the bot: their saved games (make.py) and where today's engine replays them otherwise (differ.py)."""
