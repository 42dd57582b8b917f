-- Basket items of the kinds issue 32 added: the context a running app offered (`appContext`)
-- and a file of a skill added whole (`skillFile`), whose `SKILL.md` keeps the skill's
-- frontmatter as its server listed it (JSON), so `lode serve` hands the skill on as it came.
-- SQLite cannot change a CHECK constraint, so the table is rebuilt with the wider one, its
-- rows, ids and indexes kept.
CREATE TABLE basket_items_new (
    id INTEGER PRIMARY KEY,
    basket_id INTEGER NOT NULL REFERENCES baskets (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('resource', 'template', 'prompt', 'toolResult', 'appContext', 'skillFile')),
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
    skill_frontmatter TEXT,
    UNIQUE (basket_id, kind, server, uri)
);

INSERT INTO basket_items_new
    (id, basket_id, position, kind, server, uri, name, title, mime_type, annotations, contents,
     fetched_at, note, stale, bytes, tokens)
SELECT id, basket_id, position, kind, server, uri, name, title, mime_type, annotations, contents,
       fetched_at, note, stale, bytes, tokens
FROM basket_items;

DROP TABLE basket_items;
ALTER TABLE basket_items_new RENAME TO basket_items;

CREATE INDEX basket_items_in_order ON basket_items (basket_id, position);
CREATE INDEX basket_items_by_source ON basket_items (server, uri);
