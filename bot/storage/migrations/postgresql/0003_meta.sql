-- PostgreSQL's form of ../0003_meta.sql: the same tables, with PostgreSQL's types (BIGINT ids, identity keys).
-- Small facts about the installation, by key: e.g. the hash of the command tree last synced to Discord.
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
