-- A client id registered with the server's authorization server ahead of time (OAuth 2.1 sign-in
-- uses it before trying dynamic registration). Not a secret: public clients have no secret.
ALTER TABLE connections ADD COLUMN oauth_client_id TEXT;
