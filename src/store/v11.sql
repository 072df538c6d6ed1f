-- Schema v11: post-game analyses, kept once made (a finished game does not
-- change). A row is written when analysis is asked for ('pending'); the job
-- that runs it (resumed after a restart while pending) fills it in.
CREATE TABLE analyses (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id),
    chat_id        INTEGER NOT NULL REFERENCES chats (id),
    requested_by   INTEGER REFERENCES users (id),
    status         TEXT    NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'done', 'failed')),
    movetext       TEXT,                          -- the moves with marks and better moves
    white_accuracy REAL,
    black_accuracy REAL,
    scores         TEXT,                          -- after each ply, White's view, centi-men, comma-separated
    marks          TEXT,                          -- each ply's mark ('' for none), comma-separated
    depth          INTEGER,
    created_at     INTEGER NOT NULL,
    finished_at    INTEGER
);
CREATE INDEX analyses_pending ON analyses (status);
