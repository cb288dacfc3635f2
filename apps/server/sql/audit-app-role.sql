-- A PostgreSQL role for the running app that cannot rewrite the audit log (issue 17).
--
-- The append-only triggers of migration 0010 refuse UPDATE, DELETE and TRUNCATE of audit_log,
-- but the table's owner (or a superuser) may disable a trigger. Run the migrations as the owner,
-- then run the app as this role: it reads and writes the shop's tables, may only INSERT and
-- SELECT audit_log, and, not owning it, cannot disable its triggers.
--
-- Run as the owner of the database, after the migrations (`psql "$OWNER_URL" -f this-file`),
-- then set a password (`ALTER ROLE toolworks_app PASSWORD '...'`) and give the app
-- DATABASE_URL=postgres://toolworks_app:...@host/db. Run it again after a migration that adds tables.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'toolworks_app') THEN
    CREATE ROLE toolworks_app LOGIN;
  END IF;
END
$$;
-- The app checks the migration journal at start-up (CREATE SCHEMA/TABLE IF NOT EXISTS, then a
-- read): these let that check pass; they give no power over the existing tables.
DO $$
BEGIN
  EXECUTE format('GRANT CREATE ON DATABASE %I TO toolworks_app', current_database());
END
$$;
GRANT USAGE, CREATE ON SCHEMA drizzle TO toolworks_app;
GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO toolworks_app;
GRANT USAGE ON SCHEMA public TO toolworks_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO toolworks_app;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO toolworks_app;
REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON audit_log FROM toolworks_app;
