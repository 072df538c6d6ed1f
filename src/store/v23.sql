-- Schema v23: the outbox. Every reply the core makes is written here in the
-- transaction of the change that made it (an event, an AI move, a sweep);
-- the runtime's deliverer sends the rows of each chat in id order and marks
-- each sent once the platform took it (or refused it for good). After a
-- crash the rows not yet sent are sent on restart: only a message in flight
-- at the crash may go out twice. `reply` is the reply as JSON, its picture
-- a recipe (drawn at send time, never bytes here).
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    platform   TEXT    NOT NULL,
    chat       TEXT    NOT NULL,                 -- the platform's chat id
    thread     TEXT,                             -- its thread (topic), if any
    kind       TEXT    NOT NULL,                 -- post, board, live, note, private, in-place
    reply      TEXT    NOT NULL,                 -- serde_json of core::Reply
    created_at INTEGER NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    sent_at    INTEGER,                          -- NULL: still owed
    outcome    TEXT                              -- sent, refused, failed (with why)
);
-- Only the rows sent are indexed (for pruning): a row written costs no
-- index entry; the rows owed are looked for at start-up, in a table that
-- keeps an hour of replies.
CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;

-- The messages the bot placed and keeps track of, one table (it was two:
-- board_messages and live_messages): a game's living board (`board:12`),
-- edited in place and its buttons taken off when a new one replaces it,
-- and a live message (`live:analysis-12`), edited as the core updates it.
CREATE TABLE placed_messages (
    platform   TEXT    NOT NULL,
    key        TEXT    NOT NULL,
    chat       TEXT    NOT NULL,                 -- the platform's chat id
    thread     TEXT,                             -- its thread (topic), if any
    message    TEXT    NOT NULL,                 -- the platform's message id
    media      INTEGER NOT NULL DEFAULT 0 CHECK (media IN (0, 1)),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (platform, key)
);
CREATE INDEX placed_messages_age ON placed_messages (updated_at);
CREATE INDEX placed_messages_message ON placed_messages (platform, chat, message);
INSERT INTO placed_messages (platform, key, chat, message, media, updated_at)
    SELECT platform, 'board:' || game_id, chat, message, 1, updated_at FROM board_messages;
INSERT INTO placed_messages (platform, key, chat, message, media, updated_at)
    SELECT platform, 'live:' || key, chat, message, 0, updated_at FROM live_messages;
DROP TABLE board_messages;
DROP TABLE live_messages;
