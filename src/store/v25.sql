-- Schema v25: whether a group shows its games on the web board to everyone
-- (`/settings web on`) or to their players only (`off`). NULL: not chosen,
-- which is off. A private chat's games are its players' whatever this says.
ALTER TABLE chats ADD COLUMN web INTEGER;
