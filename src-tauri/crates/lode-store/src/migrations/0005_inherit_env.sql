-- A local server gets all of Lode's environment instead of the allow-listed variables: off for
-- every connection, old ones included, until the person turns it on.
ALTER TABLE connections ADD COLUMN inherit_env INTEGER NOT NULL DEFAULT 0;
