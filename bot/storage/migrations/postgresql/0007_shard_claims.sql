-- PostgreSQL's form of ../0007_shard_claims.sql: the same tables, with PostgreSQL's types (BIGINT ids, identity keys).
-- Which process runs which shard (issue 22): each process writes its shards when it starts and again every minute,
-- and deletes them when it stops. `python -m bot doctor` reports two live processes claiming one shard.
CREATE TABLE shard_claims (
    process     TEXT   NOT NULL,
    shard_id    BIGINT NOT NULL,
    shard_count BIGINT NOT NULL,
    seen_ms     BIGINT NOT NULL,
    PRIMARY KEY (process, shard_id)
);
