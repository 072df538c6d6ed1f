-- Schema v5: a tournament's entry limit (`/tournament new … max N`) and
-- whether its games count for the players' ratings (`rated` / `casual`).
ALTER TABLE tournaments ADD COLUMN max_players INTEGER NOT NULL DEFAULT 20
    CHECK (max_players BETWEEN 2 AND 64);
ALTER TABLE tournaments ADD COLUMN rated INTEGER NOT NULL DEFAULT 1
    CHECK (rated IN (0, 1));
