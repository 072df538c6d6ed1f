-- Schema v16: casual (unrated) games between people (`/challenge @bob
-- casual`): kept on the challenge and on the game; a casual game leaves the
-- ratings alone. Games against the AI are casual whatever the column says.
ALTER TABLE challenges ADD COLUMN casual INTEGER NOT NULL DEFAULT 0 CHECK (casual IN (0, 1));
ALTER TABLE games ADD COLUMN casual INTEGER NOT NULL DEFAULT 0 CHECK (casual IN (0, 1));

-- A takeback one player of a casual game asks the other for: one per game,
-- good only while the game is still at `ply` (any move makes it lapse).
CREATE TABLE takeback_requests (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    by_user    INTEGER NOT NULL REFERENCES users (id),
    ply        INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);

-- Messages the core keeps up to date by editing them (an analysis'
-- progress): where each was posted, by the core's key, per platform.
CREATE TABLE live_messages (
    platform   TEXT    NOT NULL,
    key        TEXT    NOT NULL,
    chat       TEXT    NOT NULL,
    message    TEXT    NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (platform, key)
);
