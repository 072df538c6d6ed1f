-- Schema v15: private notifications (`/notify on|off`), the thread a game
-- lives in (a Telegram forum topic, a Discord thread), and a chat's choice
-- of a thread per game (`/settings threads on|off`, Discord).
--
-- users.notify: 1 when the user wants a private message when it is their
-- move in a game in a group, and when a reminder of their move is due.
ALTER TABLE users ADD COLUMN notify INTEGER NOT NULL DEFAULT 0;

-- The thread (Telegram message_thread_id, a Discord thread's channel id) a
-- challenge was posted in and a game is played in; NULL: the chat itself.
ALTER TABLE challenges ADD COLUMN thread TEXT;
ALTER TABLE games ADD COLUMN thread TEXT;

-- Each private notification once per (game, ply, kind): `turn`,
-- `reminder-N` (the N-th reminder of that move, from 0).
CREATE TABLE notifications_sent (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply     INTEGER NOT NULL,
    kind    TEXT    NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id),
    sent_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply, kind)
) WITHOUT ROWID;

-- chats.threads: 1 when each new game gets a thread of its own (Discord).
ALTER TABLE chats ADD COLUMN threads INTEGER NOT NULL DEFAULT 0;
