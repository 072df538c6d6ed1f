-- Schema v22.
-- A @handle belongs to one account of a platform: the one that showed it
-- last (store::upsert_user takes it from any other). Before, an account
-- that had given its handle up kept it in its row, and `/challenge @bob`
-- could reach the old holder. Which of two holders showed it last was
-- never recorded: both lose it, and whoever holds it now gets it back with
-- their next message (a challenge to an unknown @handle waits for them).
UPDATE users SET handle = NULL
WHERE handle IS NOT NULL
  AND EXISTS (SELECT 1 FROM users o
              WHERE o.platform = users.platform AND o.handle = users.handle
                AND o.id <> users.id);
DROP INDEX users_handle;
CREATE UNIQUE INDEX users_handle ON users (platform, handle);
