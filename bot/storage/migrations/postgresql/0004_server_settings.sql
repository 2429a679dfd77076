-- PostgreSQL's form of ../0004_server_settings.sql: the same tables, with PostgreSQL's types (BIGINT ids, identity keys).
-- Per-server settings set by moderators with /tetsudo settings (issue 9).
-- NULL means "the bot's default from settings.toml"; a server with no row uses the defaults throughout.
CREATE TABLE server_settings (
    guild_id                BIGINT PRIMARY KEY,
    -- The role whose members count as moderators here (NULL: the role named by `moderator_role`).
    moderator_role_id       BIGINT,
    -- Reminder delays for games that set none themselves (NULL: `reminder_turn` / `reminder_simultaneous`).
    reminder_turn_s         BIGINT CHECK (reminder_turn_s > 0),
    reminder_simultaneous_s BIGINT CHECK (reminder_simultaneous_s > 0),
    -- Whether the bot may DM turn reminders to members who opted in with /tetsudo notify.
    dm_reminders            BIGINT NOT NULL DEFAULT 1 CHECK (dm_reminders IN (0, 1)),
    -- The bot's language here (NULL: each user's Discord locale, then the server's preferred locale).
    language                TEXT CHECK (language IN ('en', 'fr')),
    -- Whether /game new opens a thread (NULL: `open_threads`).
    open_threads            BIGINT CHECK (open_threads IN (0, 1)),
    updated_ms              BIGINT NOT NULL
);
