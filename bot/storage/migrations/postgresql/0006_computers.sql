-- PostgreSQL's form of ../0006_computers.sql: the same tables, with PostgreSQL's types (BIGINT ids, identity keys).
-- Computer players (issue 21): a seat a computer plays holds its level; NULL is a person's seat.
-- A computer's user id is synthetic and negative (see bot/engine/computers.py), so it never collides with a
-- Discord id, nor with a forgotten player's anonymous id (-1 … -seats).
ALTER TABLE seats ADD COLUMN computer TEXT CHECK (computer IN ('easy', 'normal', 'strong'));
-- Whether games with computers count for ratings and leaderboards on this server (off: human-only games only).
ALTER TABLE server_settings ADD COLUMN rate_computer_games BIGINT NOT NULL DEFAULT 0
    CHECK (rate_computer_games IN (0, 1));
-- A timeout that lets a computer play the absent player's turn: `on_timeout` reads 'computer' when this is set
-- (its CHECK, from 0002, predates computers; a table rebuild would cascade through every game's rows).
ALTER TABLE games ADD COLUMN timeout_computer BIGINT NOT NULL DEFAULT 0 CHECK (timeout_computer IN (0, 1));
