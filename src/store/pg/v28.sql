-- Schema v28: puzzles of more than one variant (issue 23: the International
-- pack beside the Russian one). A puzzle names its variant; a player's
-- puzzle rating, counts and streaks are kept per variant (an International
-- puzzle does not move the Russian puzzle rating). Every puzzle and record
-- before was Russian draughts.
ALTER TABLE puzzles ADD COLUMN variant TEXT NOT NULL DEFAULT 'russian';
CREATE INDEX puzzles_variant ON puzzles (variant, id);

ALTER TABLE puzzle_players ADD COLUMN variant TEXT NOT NULL DEFAULT 'russian';
ALTER TABLE puzzle_players DROP CONSTRAINT puzzle_players_pkey;
ALTER TABLE puzzle_players ADD PRIMARY KEY (user_id, chat_id, variant);
