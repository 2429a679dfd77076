"""Computer players of Toyko Train, by role and level: `players` holds them (`PLAYERS` and `waiting`)."""
