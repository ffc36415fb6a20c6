-- The reviews of finished games (package analysis), one JSON document
-- per game and level.
CREATE TABLE analyses (
	game_id TEXT NOT NULL REFERENCES games (id),
	level   TEXT NOT NULL,
	report  TEXT NOT NULL,
	created INTEGER NOT NULL, -- Unix milliseconds
	PRIMARY KEY (game_id, level)
);
