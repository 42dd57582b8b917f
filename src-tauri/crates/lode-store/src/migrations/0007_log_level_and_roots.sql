-- Per connection: the log level asked of the server (NULL: the server's default) and the folders
-- offered to it as roots (a JSON array of absolute paths; NULL: none, as for every old one).
ALTER TABLE connections ADD COLUMN log_level TEXT;
ALTER TABLE connections ADD COLUMN roots TEXT;
