"""discord.py components, message building and delivery."""
