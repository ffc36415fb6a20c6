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
