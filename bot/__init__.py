"""The Discord bot, the offline console and the application service they share."""
