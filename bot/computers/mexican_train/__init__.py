"""Computer players of Mexican Train, by level.

`players` holds them (`PLAYERS`, as `bot.computers` asks every game); its helpers: `plan` (the greedy line planner),
`sample` (the table as a seat sees it) and `read` (guesses at the other hands from the way each seat played).
"""
