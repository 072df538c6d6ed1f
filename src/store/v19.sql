-- A declined takeback request is kept (declined = 1) until the game moves
-- on, so it cannot be asked again at the same ply: one question a ply, not
-- a stream of mentions of the opponent.
ALTER TABLE takeback_requests ADD COLUMN declined INTEGER NOT NULL DEFAULT 0 CHECK (declined IN (0, 1));
