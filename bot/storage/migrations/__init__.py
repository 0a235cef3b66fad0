"""Alembic migrations of the bot's database (run by bot.storage.db.upgrade at start-up)."""
