-- Schema v7: the clocks of correspondence.
-- Reminders are a list (per chat, `/settings reminders 50% 24h`): a game
-- keeps the due time of the next reminder of the current move in
-- `reminder_at` (NULL: none left) and how many of them were sent in
-- `reminders_sent` (0 again after each move), so each goes out once, also
-- across restarts.
ALTER TABLE games RENAME COLUMN reminded TO reminders_sent;
-- a reminder sent under v6 is not sent again
UPDATE games SET reminder_at = NULL WHERE reminders_sent > 0;
CREATE INDEX games_reminder ON games (status, reminder_at);
ALTER TABLE chats ADD COLUMN reminders TEXT;       -- NULL: the configured default
-- Bank time (`/tournament new … bank MOVES/DAYS`): each side's time left,
-- in seconds, when its turn starts (NULL: days per move, no bank).
ALTER TABLE games ADD COLUMN white_bank INTEGER;
ALTER TABLE games ADD COLUMN black_bank INTEGER;
ALTER TABLE tournaments ADD COLUMN bank_moves INTEGER;  -- NULL: no bank
ALTER TABLE tournaments ADD COLUMN bank_days INTEGER;
-- Leave days (`/tournament pause N`): each player's allowance for the
-- event, what they used and until when their games are paused.
ALTER TABLE tournaments ADD COLUMN leave_days INTEGER NOT NULL DEFAULT 30
    CHECK (leave_days BETWEEN 0 AND 365);
ALTER TABLE tournament_players ADD COLUMN leave_used INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournament_players ADD COLUMN leave_until INTEGER NOT NULL DEFAULT 0;
