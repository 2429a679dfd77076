"""Benchmarks of the computer players: how strong each level plays, and what their thinking costs the bot.

Each module is a script (`python bench/computers/<name>.py --help`):
- `strength`: every game's levels against each other at once (issue 21's targets);
- `ttr_japan`, `mexican_train`: two levels (or one against three) in seeded games, win rates;
- `miyajima`, `next_station_tokyo`: solo mean scores per level, through `solo`, which they share;
- `toyko_train`: a computer team's exchanges above the optimum per round;
- `latency`: how late the bot's event loop answers while computers think.
"""
