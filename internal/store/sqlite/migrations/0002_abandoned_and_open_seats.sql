-- Waiting games that nobody joins in time become 'abandoned'; a
-- person's seat is either by invitation (anyone = 0, the default) or
-- open to anyone (anyone = 1, listed in the lobby).
-- SQLite cannot change a CHECK constraint in place: the games table is
-- rebuilt (the migration runner turns foreign keys off around it).
CREATE TABLE games_new (
	id          TEXT PRIMARY KEY,
	rules       TEXT NOT NULL,
	start       TEXT NOT NULL,
	pos         TEXT NOT NULL,
	turns       INTEGER NOT NULL DEFAULT 0,
	status      TEXT NOT NULL CHECK (status IN ('waiting', 'live', 'over', 'abandoned')),
	commit_hash TEXT NOT NULL,
	seed        BLOB NOT NULL,
	time_limit  INTEGER NOT NULL DEFAULT 0, -- milliseconds
	result      TEXT NOT NULL DEFAULT '',
	created     INTEGER NOT NULL,           -- Unix milliseconds
	updated     INTEGER NOT NULL
);
INSERT INTO games_new SELECT id, rules, start, pos, turns, status, commit_hash, seed, time_limit, result, created, updated FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE INDEX games_by_status ON games (status, updated);

ALTER TABLE seats ADD COLUMN anyone INTEGER NOT NULL DEFAULT 0;
