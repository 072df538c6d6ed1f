-- Schema v30: a puzzle attempt keeps its last counted wrong try (the go's
-- step it was tried at: the moves before it, and the move as the
-- attempt's moves are recorded), so the same wrong move sent again at the
-- same step (a double tap, an update delivered twice, a page's answer
-- posted twice, a text repeated) is not counted again. NULL: none yet
-- (every attempt before).
ALTER TABLE puzzle_attempts ADD COLUMN last_wrong_step BIGINT;
ALTER TABLE puzzle_attempts ADD COLUMN last_wrong_move TEXT;
