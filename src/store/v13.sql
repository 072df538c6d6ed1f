-- Schema v13: conditional moves (correspondence premoves). A line is the
-- opponent's expected move, the owner's reply, then the same again; it is
-- applied when the opponent plays its first move, and the owner's other
-- lines of the game are dropped whatever the opponent plays.
CREATE TABLE conditionals (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    user_id    INTEGER NOT NULL REFERENCES users (id),
    ply        INTEGER NOT NULL,                   -- the game's ply the line starts at
    moves      TEXT    NOT NULL,                   -- move texts, space-separated
    created_at INTEGER NOT NULL
);
CREATE INDEX conditionals_game ON conditionals (game_id, user_id);
