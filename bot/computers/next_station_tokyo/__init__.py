"""Computer players of Next Station Tokyo, by level: `players` holds them (`PLAYERS`, as `bot.computers` asks)."""
