-- The reviews of finished games (package analysis), one JSON document
-- per game and level, as in the SQLite store.
CREATE TABLE analyses (
	game_id TEXT NOT NULL REFERENCES games (id),
	level   TEXT NOT NULL,
	report  TEXT NOT NULL,
	created BIGINT NOT NULL, -- Unix milliseconds
	PRIMARY KEY (game_id, level)
);
