-- Schema v8: how a chat keeps the board of a game (`/settings boards`):
-- 'edit' (one living board message, edited after each move) or 'new' (a new
-- board message per move); NULL: the platform's configured default.
ALTER TABLE chats ADD COLUMN boards TEXT;
