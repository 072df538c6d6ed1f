-- Schema v28: puzzles of more than one variant (issue 23: the International
-- pack beside the Russian one). A puzzle names its variant; a player's
-- puzzle rating, counts and streaks are kept per variant (an International
-- puzzle does not move the Russian puzzle rating). Every puzzle and record
-- before was Russian draughts.
ALTER TABLE puzzles ADD COLUMN variant TEXT NOT NULL DEFAULT 'russian';
CREATE INDEX puzzles_variant ON puzzles (variant, id);

CREATE TABLE puzzle_players_v28 (
    user_id     INTEGER NOT NULL REFERENCES users (id),
    chat_id     INTEGER NOT NULL,
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    solved      INTEGER NOT NULL DEFAULT 0,
    failed      INTEGER NOT NULL DEFAULT 0,
    streak      INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    variant     TEXT    NOT NULL DEFAULT 'russian',
    PRIMARY KEY (user_id, chat_id, variant)
);
INSERT INTO puzzle_players_v28
    (user_id, chat_id, rating, deviation, volatility, solved, failed, streak, best_streak, variant)
    SELECT user_id, chat_id, rating, deviation, volatility, solved, failed, streak, best_streak, 'russian'
    FROM puzzle_players;
DROP TABLE puzzle_players;
ALTER TABLE puzzle_players_v28 RENAME TO puzzle_players;
