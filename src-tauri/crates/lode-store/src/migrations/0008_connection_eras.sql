-- The protocol era each connection's last handshake found ('modern' or 'legacy'), so the
-- next connect goes straight there instead of probing with server/discover again. A table of
-- its own: it is what Lode learnt about the server, not part of the connection the person
-- edits, and it goes with the connection when that is removed.
CREATE TABLE connection_eras (
    connection_id INTEGER PRIMARY KEY REFERENCES connections(id) ON DELETE CASCADE,
    era TEXT NOT NULL
);
