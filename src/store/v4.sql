-- Schema v4: correspondence tournaments in a group chat.
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    chat_id       INTEGER NOT NULL REFERENCES chats (id),
    name          TEXT    NOT NULL,
    format        TEXT    NOT NULL,              -- round-robin, double-round-robin
    micro         INTEGER NOT NULL DEFAULT 1,    -- micro-matches: two games a pairing
    ballot        TEXT    NOT NULL,              -- fmjd, balanced
    seed          INTEGER NOT NULL,              -- the opening draw's seed
    days_per_move INTEGER,                       -- NULL: no time limit
    status        TEXT    NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    created_by    INTEGER NOT NULL REFERENCES users (id),
    created_at    INTEGER NOT NULL,
    started_at    INTEGER,
    finished_at   INTEGER
);
CREATE INDEX tournaments_chat ON tournaments (chat_id, status);

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL REFERENCES users (id),
    seq           INTEGER NOT NULL,              -- 0-based entry order: pairing number - 1
    joined_at     INTEGER NOT NULL,
    withdrawn_at  INTEGER,
    PRIMARY KEY (tournament_id, user_id),
    UNIQUE (tournament_id, seq)
);

CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    pairing_no    INTEGER NOT NULL,              -- 0-based micro-match number (the ballot index)
    white_seq     INTEGER NOT NULL,
    black_seq     INTEGER NOT NULL,
    game_id       INTEGER NOT NULL UNIQUE REFERENCES games (id),
    opening_code  TEXT,
    PRIMARY KEY (tournament_id, game_id)
);
CREATE INDEX tournament_games_game ON tournament_games (game_id);

-- A Swiss round's pairing-allocated bye (a round win's points).
CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    seq           INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round)
);
