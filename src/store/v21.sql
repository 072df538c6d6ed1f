-- Schema v21: the pairings of a tournament whose games have not started.
-- A tournament's games count against the game limits (a player's, the
-- chat's), so a large event starts in stages: its schedule waits here, and
-- a pairing's games start (and its row moves to tournament_games) as soon
-- as both players and the chat have room for them.
CREATE TABLE tournament_pending (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    pairing_no    INTEGER NOT NULL,              -- 0-based micro-match number (the ballot index)
    round         INTEGER NOT NULL,
    white_seq     INTEGER NOT NULL,
    black_seq     INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, pairing_no)
);
