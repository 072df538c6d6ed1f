-- Schema v1. Times are Unix seconds (UTC).

CREATE TABLE users (
    id               INTEGER PRIMARY KEY,
    platform         TEXT    NOT NULL,
    platform_user_id TEXT    NOT NULL,
    name             TEXT    NOT NULL,
    handle           TEXT,
    lang             TEXT,
    vacation_year    INTEGER NOT NULL DEFAULT 0,
    vacation_days    INTEGER NOT NULL DEFAULT 0,
    vacation_until   INTEGER NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL,
    UNIQUE (platform, platform_user_id)
);
CREATE INDEX users_handle ON users (platform, handle);

CREATE TABLE chats (
    id               INTEGER PRIMARY KEY,
    platform         TEXT    NOT NULL,
    platform_chat_id TEXT    NOT NULL,
    title            TEXT,
    is_private       INTEGER NOT NULL DEFAULT 0,
    lang             TEXT,
    theme            TEXT,
    orientation      TEXT,
    days_per_move    INTEGER,
    created_at       INTEGER NOT NULL,
    UNIQUE (platform, platform_chat_id)
);

CREATE TABLE games (
    id                INTEGER PRIMARY KEY,
    chat_id           INTEGER NOT NULL REFERENCES chats (id),
    variant           TEXT    NOT NULL DEFAULT 'russian',
    white_user        INTEGER REFERENCES users (id),
    black_user        INTEGER REFERENCES users (id),
    white_ai          INTEGER,
    black_ai          INTEGER,
    status            TEXT    NOT NULL CHECK (status IN ('active', 'finished')),
    result            TEXT,          -- 2-0, 0-2, 1-1
    result_reason     TEXT,
    start_fen         TEXT    NOT NULL,
    fen               TEXT    NOT NULL,
    ply               INTEGER NOT NULL DEFAULT 0,
    seconds_per_move  INTEGER,       -- NULL: no deadline
    deadline          INTEGER,
    reminder_at       INTEGER,
    reminded          INTEGER NOT NULL DEFAULT 0,
    draw_offer        TEXT,          -- 'white' or 'black': who offered
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL,
    finished_at       INTEGER,
    CHECK ((white_user IS NULL) <> (white_ai IS NULL)),
    CHECK ((black_user IS NULL) <> (black_ai IS NULL))
);
CREATE INDEX games_active ON games (status, deadline);
CREATE INDEX games_chat ON games (chat_id, status);

CREATE TABLE moves (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    ply       INTEGER NOT NULL,
    notation  TEXT    NOT NULL,
    fen_after TEXT    NOT NULL,
    user_id   INTEGER REFERENCES users (id),
    played_at INTEGER NOT NULL,
    UNIQUE (game_id, ply)
);

CREATE TABLE challenges (
    id               INTEGER PRIMARY KEY,
    chat_id          INTEGER NOT NULL REFERENCES chats (id),
    from_user        INTEGER NOT NULL REFERENCES users (id),
    to_user          INTEGER REFERENCES users (id),
    to_handle        TEXT,           -- addressed by @handle to someone not seen yet
    color            TEXT    NOT NULL CHECK (color IN ('white', 'black', 'random')),
    seconds_per_move INTEGER,
    status           TEXT    NOT NULL CHECK (status IN ('open', 'accepted', 'declined', 'expired', 'cancelled')),
    game_id          INTEGER REFERENCES games (id),
    created_at       INTEGER NOT NULL,
    expires_at       INTEGER NOT NULL
);
CREATE INDEX challenges_open ON challenges (status, expires_at);

-- Platform updates already handled: a redelivered update does nothing twice.
CREATE TABLE processed_updates (
    platform     TEXT    NOT NULL,
    update_id    TEXT    NOT NULL,
    processed_at INTEGER NOT NULL,
    PRIMARY KEY (platform, update_id)
);

-- Glicko-2 ratings for games between people, per chat and overall (chat_id 0).
CREATE TABLE ratings (
    user_id    INTEGER NOT NULL REFERENCES users (id),
    chat_id    INTEGER NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, chat_id)
);

-- Service state, e.g. the heartbeat used to extend deadlines after downtime.
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
