-- Schema v25: whether a group shows its games on the web board to everyone
-- (`/settings web on`) or to their players only (`off`). NULL: not chosen,
-- which is off (booleans as 0 or 1, as SQLite keeps them).
ALTER TABLE chats ADD COLUMN web BIGINT;
