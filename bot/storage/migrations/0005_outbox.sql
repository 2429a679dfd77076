-- The outbox (issue 17): what a committed change still owes Discord, written in the change's own transaction and
-- deleted once delivered, so a crash between the commit and the delivery loses nothing (it is sent after a restart).
-- A private row stores no secret: only whose view is owed; the view is drawn again from the stored state.
CREATE TABLE outbox (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- The game's version the change left.
    version   INTEGER NOT NULL,
    -- NULL: the channel's announcement (its lines, the board, the results); else the one user whose view is owed.
    user_id   INTEGER,
    -- The announcement's public lines (a JSON list, already worded in the server's language); NULL for a view.
    lines     TEXT,
    -- The users the announcement pings (a JSON list).
    pings     TEXT,
    -- Whether the announcement posts a new board (a game's start) rather than updating the one shown.
    new_board INTEGER NOT NULL DEFAULT 0 CHECK (new_board IN (0, 1))
);
CREATE INDEX outbox_by_game ON outbox (game_id);
CREATE INDEX outbox_by_user ON outbox (user_id);
