-- Schema v27: a tournament is played in one variant of the family
-- (`/tournament new … international`): its games start from the
-- variant's openings (Russian draughts: the ballot's; the others: the
-- engine's balanced list) and rate the players in that variant. Every
-- tournament before was Russian draughts.
ALTER TABLE tournaments ADD COLUMN variant TEXT NOT NULL DEFAULT 'russian';
