-- Games, their seats, the append-only action log, finished-game results and per-user delivery flags.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    game             TEXT    NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    host_id          INTEGER NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}',
    seed             INTEGER NOT NULL,
    state            TEXT,
    version          INTEGER NOT NULL DEFAULT 0,
    undo_floor       INTEGER NOT NULL DEFAULT 0,
    board_message_id INTEGER,
    end_reason       TEXT,
    created_ms       INTEGER NOT NULL,
    started_ms       INTEGER,
    finished_ms      INTEGER
);
-- One lobby or running game per channel (a thread is a channel): the schema enforces it.
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_guild_status ON games (guild_id, status);

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    resigned INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
) WITHOUT ROWID;
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n       INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    action  TEXT    NOT NULL,
    at_ms   INTEGER NOT NULL,
    auto    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;

CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    guild_id    INTEGER,
    score       INTEGER NOT NULL,
    rank        INTEGER NOT NULL,
    seat_count  INTEGER NOT NULL,
    duration_s  INTEGER NOT NULL,
    finished_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX results_by_user ON results (user_id, game);

CREATE TABLE users (
    user_id    INTEGER PRIMARY KEY,
    dms_closed INTEGER NOT NULL DEFAULT 0,
    dms_off    INTEGER NOT NULL DEFAULT 0
);
