"""Storage: the database tables, the engine and its migrations, and the only code that opens sessions."""
