-- Issue 29: trigram matching for the catalogue search (typos, prefixes, part numbers).
-- pg_trgm is a trusted extension: the database's owner may create it. On PGlite the
-- extension's files are loaded by openDatabase (db/client.ts, PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
