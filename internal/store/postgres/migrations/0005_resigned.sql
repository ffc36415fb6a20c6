-- A person who resigns a game of three or more seats while two seats
-- still play is out, and the computer plays the seat: resigned is the
-- throw it happened on (0: the seat did not resign), as in the SQLite
-- store.
ALTER TABLE seats ADD COLUMN resigned INTEGER NOT NULL DEFAULT 0;
