"""Computer players of Fast Train to Miyajima, by level: `players` holds them (`PLAYERS`, as `bot.computers` asks)."""
