-- Per connection: the client ID metadata document URL it signs in with (OAuth, SEP-991); NULL:
-- none, as for every old one. The pre-registered client's secret is in the keychain, not here.
ALTER TABLE connections ADD COLUMN oauth_client_metadata_url TEXT;
