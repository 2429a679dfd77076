"""`python -m bench.remote.bot URL`: the bot exactly as `python -m bot` runs it, its Discord at URL instead.

Only discord.py's base URL changes (REST, and with it the interaction webhooks, which build their routes on the same
`discord.http.Route`); the gateway's address comes from GET /gateway/bot, as from Discord. Everything else is
`bot.__main__.run_bot()` unchanged: settings from TETSUDO_* and DISCORD_TOKEN, logging on stderr, picture workers.
"""

from __future__ import annotations

import sys

from discord.http import Route

from bench.processes import spawn_as_a_module_would


def main() -> int:
    """Point discord.py at the simulated Discord, then run the bot."""
    Route.BASE = sys.argv[1].rstrip("/") + "/api/v10"
    spawn_as_a_module_would()  # the picture workers import what they would under `python -m bot`, not this module
    from bot.__main__ import run_bot

    return run_bot()


if __name__ == "__main__":
    sys.exit(main())
