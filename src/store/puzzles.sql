-- Schema v2: daily puzzles (issue 7). Times are Unix seconds (UTC).

-- The puzzle pack, loaded from assets/puzzles/*.pdn on first use.
CREATE TABLE puzzles (
    id          INTEGER PRIMARY KEY,      -- the pack number (Round tag)
    puzzle_key  TEXT    NOT NULL UNIQUE,  -- the start position's hash
    pdn         TEXT    NOT NULL,
    rating      REAL    NOT NULL,         -- Glicko-2, moved by every rated attempt
    deviation   REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    difficulty  INTEGER NOT NULL,
    themes      TEXT    NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    solved      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX puzzles_rating ON puzzles (rating);

-- One person's go at one puzzle in one chat.
CREATE TABLE puzzle_attempts (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id),
    chat_id     INTEGER NOT NULL REFERENCES chats (id),
    puzzle_id   INTEGER NOT NULL REFERENCES puzzles (id),
    daily_day   INTEGER,                  -- UTC day number when it is a daily puzzle
    moves       TEXT    NOT NULL DEFAULT '',  -- moves so far, both sides, space-separated
    wrong       INTEGER NOT NULL DEFAULT 0,
    hints       INTEGER NOT NULL DEFAULT 0,
    status      TEXT    NOT NULL CHECK (status IN ('open', 'solved', 'failed')),
    rated       INTEGER NOT NULL DEFAULT 0,
    started_at  INTEGER NOT NULL,
    finished_at INTEGER
);
CREATE INDEX puzzle_attempts_user ON puzzle_attempts (user_id, chat_id, status);
CREATE INDEX puzzle_attempts_puzzle ON puzzle_attempts (user_id, puzzle_id);

-- Puzzle ratings, counts and streaks per chat and overall (chat_id 0).
CREATE TABLE puzzle_players (
    user_id     INTEGER NOT NULL REFERENCES users (id),
    chat_id     INTEGER NOT NULL,
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    solved      INTEGER NOT NULL DEFAULT 0,
    failed      INTEGER NOT NULL DEFAULT 0,
    streak      INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, chat_id)
);

-- Daily posting per chat.
CREATE TABLE puzzle_daily (
    chat_id     INTEGER PRIMARY KEY REFERENCES chats (id),
    enabled     INTEGER NOT NULL,
    minute      INTEGER NOT NULL,         -- local time of day, minutes after midnight
    tz_offset   INTEGER NOT NULL,         -- the chat's timezone, minutes east of UTC
    next_at     INTEGER,                  -- when the next post is due
    last_day    INTEGER,                  -- UTC day number of the last posted puzzle
    last_puzzle INTEGER REFERENCES puzzles (id)
);
CREATE INDEX puzzle_daily_due ON puzzle_daily (enabled, next_at);
