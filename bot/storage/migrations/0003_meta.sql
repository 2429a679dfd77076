-- Small facts about the installation, by key: e.g. the hash of the command tree last synced to Discord.
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
