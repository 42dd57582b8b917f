CREATE TABLE IF NOT EXISTS events (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('sale', 'refund', 'stock')),
    item_id     INTEGER NOT NULL,
    customer_id INTEGER,
    region      TEXT NOT NULL DEFAULT 'unknown',
    quantity    INTEGER NOT NULL,
    cents       INTEGER NOT NULL,
    at          TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS events_by_day ON events (substr(at, 1, 10), region);

CREATE TABLE IF NOT EXISTS daily_summary (
    day     TEXT NOT NULL,
    region  TEXT NOT NULL,
    revenue INTEGER NOT NULL,
    units   INTEGER NOT NULL,
    PRIMARY KEY (day, region)
);
