-- Hub profiles (issue 30): what one assistant may see through `lode serve --profile NAME`.
-- Nothing is exposed until the person makes a profile and picks its connections.
CREATE TABLE hub_profiles (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    -- An AudienceFilter as JSON, or NULL for every audience.
    audience TEXT,
    default_budget INTEGER CHECK (default_budget IS NULL OR default_budget > 0),
    paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1))
);

-- The connections a profile exposes, by id (a rename keeps them exposed; a removed
-- connection leaves every profile, and ids are never given twice).
CREATE TABLE hub_profile_connections (
    profile_id INTEGER NOT NULL REFERENCES hub_profiles (id) ON DELETE CASCADE,
    connection_id INTEGER NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (profile_id, connection_id)
);

-- What assistants did through a profile: at most a bound of records a profile (the oldest
-- dropped), each a HubActivityKind as JSON with its strings already cut. Written by the
-- `lode serve` process, read by the app's window.
CREATE TABLE hub_activity (
    id INTEGER PRIMARY KEY,
    profile_id INTEGER NOT NULL REFERENCES hub_profiles (id) ON DELETE CASCADE,
    at TEXT NOT NULL,
    kind TEXT NOT NULL
);
CREATE INDEX hub_activity_by_profile ON hub_activity (profile_id, id);
