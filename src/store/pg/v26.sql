-- Schema v26: an outbox row's delivery kind is one of a fixed set (the
-- core's DeliveryKind), and the answer to a button press has its own:
-- `press-note`, the presser's note (Telegram's toast), which after a
-- restart the deliverer drops once older than its useful life, where a
-- command's answer (`note`) is still owed. The rows written before could
-- not tell the two apart and stay `note`.
ALTER TABLE outbox ADD CONSTRAINT outbox_kind
    CHECK (kind IN ('post', 'board', 'live', 'note', 'press-note', 'private', 'in-place'));
