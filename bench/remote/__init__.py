"""Black-box bursts (`bench/load.py --burst N --mix`, issue 33): the bot in its own process, Discord simulated in ours.

How the measure is made:
- The bot runs as `python -m bot` would run it (`python -m bench.remote.bot URL`: only discord.py's base URL is
  changed before `bot.__main__.run_bot()`), in a process group of its own with its picture workers ("auto": one per
  core, below its priority), on a SQLite file in a temporary folder; settings come from TETSUDO_* as in production,
  but reminders are set to 30 days (as bench/load.py's burst) so that none falls due during a run.
- The simulated Discord (`server`) is simcord's Backend served by aiohttp on 127.0.0.1 in this process: real HTTP
  for REST (simcord's own route table answers) and a real gateway websocket (JSON text frames). It is not the bot's
  CPU: the two are reported apart, with whatever else the machine ran meanwhile (a shared host lends no core).
- The players (`driver`) open N lobbies of the five kinds in the issue's shares (36% Mexican Train, 21% Miyajima,
  18% Ticket to Ride: Japan, 15% Next Station Tokyo, 10% Toyko Train; 2-4 players, Toyko Train 4), join and start
  them in batches of 25 (not measured), then play W waves: every seat each running game waits for clicks the
  board's hand button at once (one burst), then every one of them picks on their private reply at once (a second
  burst): a seeded random choice of its move menu (as many options as the menu needs), or on Toyko Train's panel a
  seeded button that plays (else its first button). Games that end drop out. `--one-mover`: only the first seat
  each game waits for clicks, so a burst is N clicks (games where everyone plays at once otherwise put several).
- acknowledged: from the INTERACTION_CREATE being handed to the gateway socket to the interaction callback's
  arrival; answer seen: to the last REST call naming the interaction's token (the followup or @original edit that
  carries the picture). A burst ends once every click is acknowledged and answered and no REST call has come for
  0.5 s (the boards and channel news included), so bursts never overlap.
- CPU during the waves from /proc/PID/stat (the bot, and its descendants summed) and this process's own CPU time
  (less the memory sampler's thread); peak memory is the most the bot and its workers held together, RSS and PSS
  summed over the processes, sampled every 0.25 s.

Limits: loopback is not the Internet (no latency, no TLS, no rate limits: simcord sends no X-RateLimit headers);
who must move is read from the bot's SQLite file between bursts (the rules' `to_act`, read-only, untimed) rather
than from what Discord shows; players click at the very same moment, so simultaneous steps (Ticket to Ride's first
tickets) once saw picks refused as stale that a person would click a moment apart; the simulated Discord shares the
machine's cores with the bot, as the issue's measure did.
"""
