-- The last turn a person has thrown for (store.Game.Thrown), 0 for
-- none: when it is turns + 1, the throw is made and waits for its move,
-- and a restart keeps it. The throw itself derives from the seed. As in
-- the SQLite store.
ALTER TABLE games ADD COLUMN thrown INTEGER NOT NULL DEFAULT 0;
