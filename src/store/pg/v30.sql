-- Schema v30: the wrong tries counted in a puzzle attempt, each with the
-- go's step it was tried at (the moves before it) and its move as the
-- attempt's moves are recorded, so a wrong move sent again at the same
-- step (a double tap, an update delivered twice, a page's answer posted
-- twice, a text repeated, a move tried before) is not counted again.
-- Attempts from before have none.
CREATE TABLE puzzle_wrong_tries (
    attempt_id BIGINT NOT NULL REFERENCES puzzle_attempts (id),
    step       BIGINT NOT NULL,
    move       TEXT   NOT NULL,
    PRIMARY KEY (attempt_id, step, move)
);
