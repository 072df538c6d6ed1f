-- Schema v17: the secret of an open challenge's share link (Telegram's
-- share button: `t.me/<bot>?start=challenge-12-SECRET`, twelve random
-- digits); NULL: not shared. Only a link with it accepts the challenge
-- from outside its chat.
ALTER TABLE challenges ADD COLUMN share_token INTEGER;
