-- How each connection behaves besides how to reach it (issue 4). Secrets stay out: `secrets`
-- lists only where a connection's secrets go (JSON array of SecretPlace); the values are in
-- the OS keychain.
ALTER TABLE connections ADD COLUMN secrets TEXT NOT NULL DEFAULT '[]';
ALTER TABLE connections ADD COLUMN oauth INTEGER NOT NULL DEFAULT 0 CHECK (oauth IN (0, 1));
ALTER TABLE connections ADD COLUMN timeout_secs INTEGER NOT NULL DEFAULT 60 CHECK (timeout_secs > 0);
ALTER TABLE connections ADD COLUMN enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1));
ALTER TABLE connections ADD COLUMN shown_in_browser INTEGER NOT NULL DEFAULT 1
    CHECK (shown_in_browser IN (0, 1));
-- The order of the sidebar; new connections go last.
ALTER TABLE connections ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
ALTER TABLE connections ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';
-- JSON {at, ok, error?} of the last attempt to connect; NULL until there is one.
ALTER TABLE connections ADD COLUMN last_connect TEXT;

UPDATE connections SET position = id, updated_at = created_at;
