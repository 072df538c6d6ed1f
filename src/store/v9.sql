-- Schema v9: half-point byes. A late entry in a Swiss event gets one for each
-- round it missed, so a round may hold several byes; `kind` tells the
-- pairing-allocated full-point bye from the half-point one.
CREATE TABLE tournament_byes_v9 (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    seq           INTEGER NOT NULL,
    kind          TEXT    NOT NULL DEFAULT 'full' CHECK (kind IN ('full', 'half')),
    PRIMARY KEY (tournament_id, round, seq)
);
INSERT INTO tournament_byes_v9 (tournament_id, round, seq, kind)
    SELECT tournament_id, round, seq, 'full' FROM tournament_byes;
DROP TABLE tournament_byes;
ALTER TABLE tournament_byes_v9 RENAME TO tournament_byes;
