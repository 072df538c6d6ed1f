-- Schema v18: an analysis whose live message still owes its final text
-- (the summary, or "could not be made"). Set in the transaction that stores
-- the result (or the failure), cleared when the adapter reports that final
-- edit sent (`Hub::acknowledge`); until then the pending-job look emits the
-- final edit again (an edit is idempotent).
ALTER TABLE analyses ADD COLUMN final_owed INTEGER NOT NULL DEFAULT 0;
