-- Connection ids are never given twice. SQLite reuses the largest id once its row is deleted,
-- and much is keyed by a connection's id: its keychain entries, and the window's status and
-- selection of it. A connection added right after the last one was removed must not inherit
-- any of that. `last` is the largest id ever given (like AUTOINCREMENT's sqlite_sequence,
-- without rebuilding the table).
CREATE TABLE connection_ids (last INTEGER NOT NULL);
INSERT INTO connection_ids (last) SELECT COALESCE(MAX(id), 0) FROM connections;
