"""Computer players of Ticket to Ride: Japan, by level.

`players` holds them (`PLAYERS`, as `bot.computers` asks every game); its helpers: `greedy` (greedy play on a
state), `plan` (the cheapest routes that finish a seat's tickets) and `sample` (a whole state guessed from a view).
"""
