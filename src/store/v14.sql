-- Schema v14: a challenge may start from a position (`/challenge … from
-- FEN`); NULL: the variant's initial position.
ALTER TABLE challenges ADD COLUMN start_fen TEXT;
