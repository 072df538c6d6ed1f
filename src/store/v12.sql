-- Schema v12: a tournament's end date (`/tournament new … until
-- 2027-03-01`): when it passes, the chat hears once which games are still
-- unfinished; the organiser adjudicates them.
ALTER TABLE tournaments ADD COLUMN ends_at INTEGER;               -- NULL: no end date
ALTER TABLE tournaments ADD COLUMN end_announced INTEGER NOT NULL DEFAULT 0;
CREATE INDEX tournaments_end ON tournaments (status, end_announced, ends_at);
