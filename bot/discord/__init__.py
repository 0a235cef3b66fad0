"""The Discord adapter: the client, the slash commands, persistent buttons and delivery of posts."""
