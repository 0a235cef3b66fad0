"""Alembic migrations of the bot's database (run by bot.db.upgrade at start-up)."""
