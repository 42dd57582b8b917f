-- Per connection: where it was installed from (a registry, a server.json, a link or a bundle),
-- as JSON `{source, registry?, name, version, choice}`; NULL for one added by hand or imported,
-- as for every old one. Lode compares it with the registry to offer updates.
ALTER TABLE connections ADD COLUMN origin TEXT;
