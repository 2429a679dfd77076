-- Which process runs which shard (issue 22): each process writes its shards when it starts and again every minute,
-- and deletes them when it stops. `python -m bot doctor` reports two live processes claiming one shard.
CREATE TABLE shard_claims (
    process     TEXT    NOT NULL,
    shard_id    INTEGER NOT NULL,
    shard_count INTEGER NOT NULL,
    seen_ms     INTEGER NOT NULL,
    PRIMARY KEY (process, shard_id)
) WITHOUT ROWID;
