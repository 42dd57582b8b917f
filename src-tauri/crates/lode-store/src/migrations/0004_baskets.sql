-- Context baskets (issue 6). An item keeps the contents as read when it was added (JSON array
-- of MCP contents) with when they were fetched, so a basket is whole without its servers.
CREATE TABLE baskets (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    token_limit INTEGER CHECK (token_limit IS NULL OR token_limit > 0),
    auto_refresh INTEGER NOT NULL DEFAULT 0 CHECK (auto_refresh IN (0, 1)),
    -- Bumped by every change of the basket or its items; `lode serve` watches it.
    revision INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE basket_items (
    id INTEGER PRIMARY KEY,
    basket_id INTEGER NOT NULL REFERENCES baskets (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('resource', 'template', 'prompt', 'toolResult')),
    server TEXT NOT NULL,
    uri TEXT NOT NULL,
    name TEXT NOT NULL,
    title TEXT,
    mime_type TEXT,
    annotations TEXT NOT NULL DEFAULT '{}',
    contents TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    note TEXT,
    stale INTEGER NOT NULL DEFAULT 0 CHECK (stale IN (0, 1)),
    bytes INTEGER NOT NULL,
    tokens INTEGER NOT NULL,
    -- Adding what is already there refreshes it in place.
    UNIQUE (basket_id, kind, server, uri)
);

CREATE INDEX basket_items_in_order ON basket_items (basket_id, position);
CREATE INDEX basket_items_by_source ON basket_items (server, uri);
