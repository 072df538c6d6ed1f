-- Schema v24: several processes on one database (issue 22). Times here are
-- Unix milliseconds of the writing process's clock.
--
-- A lease: work one process at a time does (the sweeper and the daily
-- posts), held by `holder` until `held_until`; renewed by its holder, taken
-- by another process once it has run out.
CREATE TABLE leases (
    name       TEXT    PRIMARY KEY,
    holder     TEXT    NOT NULL,                 -- host:pid:start:nonce
    held_until INTEGER NOT NULL
);

-- The job queue: AI moves and analyses, written in the transaction of the
-- change that makes them, claimed by one process at a time (`claimed_by`
-- until `claim_until`; an expired claim is anyone's), deleted when done.
-- An unclaimed job has claim_until 0, or the time it may be tried again
-- after a failure. Moves (priority 0) go before analyses (1).
CREATE TABLE jobs (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL CHECK (kind IN ('ai_move', 'analyse')),
    game_id     INTEGER NOT NULL,
    ply         INTEGER NOT NULL,                -- 0 for an analysis
    priority    INTEGER NOT NULL,
    claimed_by  TEXT,
    claim_until INTEGER NOT NULL DEFAULT 0,
    attempts    INTEGER NOT NULL DEFAULT 0,      -- rounds that failed
    created_at  INTEGER NOT NULL,
    UNIQUE (kind, game_id, ply)
);
CREATE INDEX jobs_next ON jobs (priority, id);

-- The outbox's rows are claimed by the process that sends them (its
-- deliverer), renewed while it lives; an expired claim is anyone's.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claim_until INTEGER NOT NULL DEFAULT 0;
CREATE INDEX outbox_owed ON outbox (claim_until) WHERE sent_at IS NULL;
