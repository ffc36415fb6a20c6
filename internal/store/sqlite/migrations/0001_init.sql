-- Games, their seats and their event log (one row per turn).
CREATE TABLE games (
	id          TEXT PRIMARY KEY,
	rules       TEXT NOT NULL,
	start       TEXT NOT NULL,
	pos         TEXT NOT NULL,
	turns       INTEGER NOT NULL DEFAULT 0,
	status      TEXT NOT NULL CHECK (status IN ('waiting', 'live', 'over')),
	commit_hash TEXT NOT NULL,
	seed        BLOB NOT NULL,
	time_limit  INTEGER NOT NULL DEFAULT 0, -- milliseconds
	result      TEXT NOT NULL DEFAULT '',
	created     INTEGER NOT NULL,           -- Unix milliseconds
	updated     INTEGER NOT NULL
);

CREATE INDEX games_by_status ON games (status, updated);

CREATE TABLE seats (
	game_id    TEXT NOT NULL REFERENCES games (id),
	seat       INTEGER NOT NULL,
	kind       TEXT NOT NULL,
	token_hash TEXT NOT NULL DEFAULT '',
	away       INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (game_id, seat)
);

CREATE TABLE turns (
	game_id TEXT NOT NULL REFERENCES games (id),
	n       INTEGER NOT NULL,
	seat    INTEGER NOT NULL,
	roll    INTEGER NOT NULL,
	move    TEXT NOT NULL,
	pos     TEXT NOT NULL,
	by      TEXT NOT NULL,
	at      INTEGER NOT NULL,
	PRIMARY KEY (game_id, n)
);
