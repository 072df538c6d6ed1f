-- Schema v26: an outbox row's delivery kind is one of a fixed set (the
-- core's DeliveryKind), and the answer to a button press has its own:
-- `press-note`, the presser's note (Telegram's toast), which after a
-- restart the deliverer drops once older than its useful life, where a
-- command's answer (`note`) is still owed. The rows written before could
-- not tell the two apart and stay `note`. SQLite cannot add a CHECK to a
-- column: the table is made again with it (and its indexes).
CREATE TABLE outbox_v26 (
    id          INTEGER PRIMARY KEY,
    platform    TEXT    NOT NULL,
    chat        TEXT    NOT NULL,                 -- the platform's chat id
    thread      TEXT,                             -- its thread (topic), if any
    kind        TEXT    NOT NULL CHECK (kind IN ('post', 'board', 'live', 'note', 'press-note', 'private', 'in-place')),
    reply       TEXT    NOT NULL,                 -- serde_json of core::Reply
    created_at  INTEGER NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    sent_at     INTEGER,                          -- NULL: still owed
    outcome     TEXT,                             -- sent, refused, failed, expired
    claimed_by  TEXT,
    claim_until INTEGER NOT NULL DEFAULT 0
);
INSERT INTO outbox_v26 (id, platform, chat, thread, kind, reply, created_at, attempts,
                        sent_at, outcome, claimed_by, claim_until)
    SELECT id, platform, chat, thread, kind, reply, created_at, attempts,
           sent_at, outcome, claimed_by, claim_until
    FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_v26 RENAME TO outbox;
CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX outbox_owed ON outbox (claim_until) WHERE sent_at IS NULL;
