-- Bundled sample warehouse, loaded into an in-memory SQLite database at start-up
-- and queried on every read of table://user, table://item and their rows.

CREATE TABLE "user" (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL UNIQUE,
    role       TEXT NOT NULL CHECK (role IN ('admin', 'analyst', 'viewer')),
    region     TEXT NOT NULL,
    created_at TEXT NOT NULL
);

INSERT INTO "user" (id, name, email, role, region, created_at) VALUES
    (1,  'Mara Lindqvist',  'mara@example.com',   'admin',   'emea', '2024-10-01T09:00:00Z'),
    (2,  'Ilya Petrov',     'ilya@example.com',   'analyst', 'emea', '2024-10-03T11:20:00Z'),
    (3,  'Sun Wei',         'sun@example.com',    'analyst', 'apac', '2024-11-12T02:45:00Z'),
    (4,  'Priya Raman',     'priya@example.com',  'admin',   'apac', '2024-11-20T06:10:00Z'),
    (5,  'Lucas Moreau',    'lucas@example.com',  'viewer',  'emea', '2024-12-02T14:00:00Z'),
    (6,  'Ana Souza',       'ana@example.com',    'analyst', 'amer', '2025-01-15T16:30:00Z'),
    (7,  'James Okafor',    'james@example.com',  'viewer',  'amer', '2025-02-03T13:05:00Z'),
    (8,  'Yuki Tanaka',     'yuki@example.com',   'viewer',  'apac', '2025-02-28T01:15:00Z'),
    (9,  'Zoë Müller',      'zoe@example.com',    'analyst', 'emea', '2025-03-19T08:40:00Z'),
    (10, 'Diego Herrera',   'diego@example.com',  'viewer',  'amer', '2025-04-07T19:55:00Z'),
    (11, 'Fatima Zahra',    'fatima@example.com', 'analyst', 'emea', '2025-05-11T10:25:00Z'),
    (12, 'Chen Jing',       'chen@example.com',   'viewer',  'apac', '2025-06-01T03:00:00Z');

CREATE TABLE item (
    id            INTEGER PRIMARY KEY,
    sku           TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    price_cents   INTEGER NOT NULL,
    stock         INTEGER NOT NULL,
    reorder_point INTEGER NOT NULL,
    owner_id      INTEGER REFERENCES "user" (id),
    discontinued  INTEGER NOT NULL DEFAULT 0
);

INSERT INTO item (id, sku, name, price_cents, stock, reorder_point, owner_id, discontinued) VALUES
    (1,  'AT-1001', 'Field notebook, dotted',      2990,  140, 40, 2,  0),
    (2,  'AT-1002', 'Trail backpack 24 L',         4990,   36, 20, 6,  0),
    (3,  'AT-1003', 'Enamel mug',                  1490,  210, 50, 3,  0),
    (4,  'AT-1004', 'Camp stove, compact',        22900,   12, 35, 6,  0),
    (5,  'AT-1005', 'Carabiner (pack of 3)',        990,  480, 80, 8,  0),
    (6,  'AT-1006', 'Headlamp 300 lm',             3490,   64, 25, 2,  0),
    (7,  'AT-1007', 'Wool socks',                  1890,  150, 60, 9,  0),
    (8,  'AT-1008', 'Map case, waterproof',        1290,    0, 10, 11, 1),
    (9,  'AT-1009', 'Water filter',                5490,   22, 15, 6,  0),
    (10, 'AT-1010', 'Sleeping bag liner',          2790,   48, 20, 3,  0),
    (11, 'AT-1011', 'Trekking poles (pair)',       7990,   17, 12, 10, 0),
    (12, 'AT-1012', 'First-aid kit',               2490,   95, 30, 4,  0),
    (13, 'AT-1013', 'Rain poncho',                 1990,  120, 40, 7,  0),
    (14, 'AT-1014', 'Solar charger 10 W',          6490,    9, 10, 12, 0),
    (15, 'AT-1015', 'Thermos 0.75 L',              2990,   73, 25, 5,  0);
