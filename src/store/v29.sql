-- Schema v29: a chat's daily post is of the variant it chose (`/daily on
-- 09:00 +03:00 international`): the pack whose puzzle of the day is
-- posted. Every daily post before was Russian draughts'.
ALTER TABLE puzzle_daily ADD COLUMN variant TEXT NOT NULL DEFAULT 'russian';
