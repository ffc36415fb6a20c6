-- Games, their seats and their event log (one row per turn), as in the
-- SQLite store after its second migration. Times are Unix milliseconds.
CREATE TABLE games (
	id          TEXT PRIMARY KEY,
	rules       TEXT NOT NULL,
	start       TEXT NOT NULL,
	pos         TEXT NOT NULL,
	turns       INTEGER NOT NULL DEFAULT 0,
	status      TEXT NOT NULL CHECK (status IN ('waiting', 'live', 'over', 'abandoned')),
	commit_hash TEXT NOT NULL,
	seed        BYTEA NOT NULL,
	time_limit  BIGINT NOT NULL DEFAULT 0, -- milliseconds
	result      TEXT NOT NULL DEFAULT '',
	created     BIGINT NOT NULL,
	updated     BIGINT NOT NULL
);

CREATE INDEX games_by_status ON games (status, updated);

CREATE TABLE seats (
	game_id    TEXT NOT NULL REFERENCES games (id),
	seat       INTEGER NOT NULL,
	kind       TEXT NOT NULL,
	token_hash TEXT NOT NULL DEFAULT '',
	away       BOOLEAN NOT NULL DEFAULT false,
	anyone     BOOLEAN NOT NULL DEFAULT false,
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
	at      BIGINT NOT NULL,
	PRIMARY KEY (game_id, n)
);
