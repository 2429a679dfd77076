-- Turn timers, DM reminder opt-ins, ratings, and tournaments (issue 8).

-- Per game: how long before a reminder, and before the timeout (NULL = none) with its consequence.
ALTER TABLE games ADD COLUMN remind_s INTEGER;
ALTER TABLE games ADD COLUMN timeout_s INTEGER;
ALTER TABLE games ADD COLUMN on_timeout TEXT NOT NULL DEFAULT 'auto' CHECK (on_timeout IN ('auto', 'skip', 'forfeit'));
ALTER TABLE games ADD COLUMN tournament_id INTEGER;

-- A game's pending reminder and timeout; `armed_version` is the version at which the wait began.
CREATE TABLE timers (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL CHECK (kind IN ('remind', 'timeout')),
    due_ms        INTEGER NOT NULL,
    armed_version INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind)
) WITHOUT ROWID;
-- The scheduler's one query: what is due now, soonest first.
CREATE INDEX timers_by_due ON timers (due_ms);

ALTER TABLE users ADD COLUMN dm_reminders INTEGER NOT NULL DEFAULT 0;

-- openskill ratings per server and game; `ordinal` (mu − 3σ) orders the leaderboard.
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    ordinal  REAL    NOT NULL,
    games    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
) WITHOUT ROWID;
CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal DESC);

CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    format      TEXT    NOT NULL CHECK (format IN ('swiss', 'round_robin')),
    rounds      INTEGER NOT NULL,
    table_size  INTEGER NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    points      TEXT,
    unfinished  TEXT    NOT NULL DEFAULT 'score' CHECK (unfinished IN ('score', 'forfeit')),
    remind_s    INTEGER,
    timeout_s   INTEGER,
    on_timeout  TEXT    NOT NULL DEFAULT 'auto',
    status      TEXT    NOT NULL CHECK (status IN ('open', 'running', 'finished')),
    round       INTEGER NOT NULL DEFAULT 0,
    created_by  INTEGER NOT NULL,
    created_ms  INTEGER NOT NULL,
    finished_ms INTEGER
);
-- One open or running tournament per channel (its tables are threads of that channel).
CREATE UNIQUE INDEX tournaments_live_channel ON tournaments (channel_id) WHERE status != 'finished';

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    joined        INTEGER NOT NULL,
    dropped       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

-- A round's tables: the seats in order (user ids, JSON), then the game once it is started.
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    seats         TEXT    NOT NULL,
    game_id       INTEGER REFERENCES games (id),
    PRIMARY KEY (tournament_id, round, table_no)
) WITHOUT ROWID;
CREATE UNIQUE INDEX tournament_tables_by_game ON tournament_tables (game_id) WHERE game_id IS NOT NULL;

CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, user_id)
) WITHOUT ROWID;

-- A table's result as set by a moderator (a correction, or a table closed early); overrides the game's.
CREATE TABLE tournament_reports (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    rank          INTEGER NOT NULL,
    score         INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, table_no, user_id)
) WITHOUT ROWID;

-- A seat whose player a moderator removed: played by default until someone takes it.
ALTER TABLE seats ADD COLUMN vacant INTEGER NOT NULL DEFAULT 0;
