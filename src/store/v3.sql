-- Schema v3: daily posts in named time zones (IANA, with daylight saving),
-- and pruning of old processed-update ids.
ALTER TABLE puzzle_daily ADD COLUMN tz_name TEXT; -- NULL: the fixed tz_offset
CREATE INDEX processed_updates_age ON processed_updates (processed_at);
