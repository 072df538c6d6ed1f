-- Schema v6: where each game's board was last posted on a platform, so the
-- adapter can edit it in place (and take the buttons off the old one) after
-- a restart too. Adapter bookkeeping: written outside the game transactions.
CREATE TABLE board_messages (
    platform   TEXT    NOT NULL,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    chat       TEXT    NOT NULL,                 -- the platform's chat id
    message    TEXT    NOT NULL,                 -- the platform's message id
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (platform, game_id)
);
CREATE INDEX board_messages_age ON board_messages (updated_at);
CREATE INDEX board_messages_message ON board_messages (platform, chat, message);
