-- Which node runs each game (store.Leaser). A row stays when its lease
-- is released or expires, so that the fencing number only grows.
CREATE TABLE leases (
	game_id TEXT PRIMARY KEY REFERENCES games (id),
	node    TEXT NOT NULL,
	addr    TEXT NOT NULL,
	fence   BIGINT NOT NULL,
	expires TIMESTAMPTZ NOT NULL
);

CREATE INDEX leases_by_node ON leases (node);
CREATE INDEX leases_by_expiry ON leases (expires);

-- A secret the nodes share, made once: a node forwarding a request
-- shows it, so that the node running the game may trust the client
-- address it passes on (per-client limits). gen_random_uuid is built
-- into PostgreSQL 13 and later.
CREATE TABLE cluster_secret (
	secret TEXT NOT NULL
);
INSERT INTO cluster_secret (secret) SELECT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
