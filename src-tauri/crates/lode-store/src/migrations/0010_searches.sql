-- Searches the browser keeps: recent ones (name NULL, one row per distinct search, the oldest
-- forgotten past a bound) and saved ones (unique names). `search` is the SearchSpec as JSON;
-- `used` orders them by when they were last run (a counter, not a clock).
CREATE TABLE searches (
    id INTEGER PRIMARY KEY,
    name TEXT,
    search TEXT NOT NULL,
    used INTEGER NOT NULL
);
CREATE UNIQUE INDEX searches_recent ON searches (search) WHERE name IS NULL;
CREATE UNIQUE INDEX searches_saved ON searches (name) WHERE name IS NOT NULL;
