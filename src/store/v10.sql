-- Schema v10: the draughts variants in chat. A challenge names its rule set,
-- a chat may choose a default one (`/settings variant`), and ratings are kept
-- per variant (a Poddavki win says nothing about Russian draughts): the
-- ratings key gains the variant, every existing row is Russian.
ALTER TABLE challenges ADD COLUMN variant TEXT NOT NULL DEFAULT 'russian';
ALTER TABLE chats ADD COLUMN variant TEXT; -- NULL: russian

CREATE TABLE ratings_v10 (
    user_id    INTEGER NOT NULL REFERENCES users (id),
    chat_id    INTEGER NOT NULL,
    variant    TEXT    NOT NULL DEFAULT 'russian',
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, chat_id, variant)
);
INSERT INTO ratings_v10 (user_id, chat_id, variant, rating, deviation, volatility, games, wins, draws, losses)
    SELECT user_id, chat_id, 'russian', rating, deviation, volatility, games, wins, draws, losses FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_v10 RENAME TO ratings;
