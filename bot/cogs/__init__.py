"""discord.py app commands: thin layers that parse, call the engine and hand results to bot.ui."""
