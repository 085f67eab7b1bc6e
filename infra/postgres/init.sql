-- Runs once, when the PostgreSQL data volume is first created
-- (mounted into /docker-entrypoint-initdb.d/ by docker-compose.yml; psql runs it as the superuser).
--
-- Extensions the search read model relies on:
--   pg_trgm   trigram similarity for Latin company names and typos
--   unaccent  accent-insensitive matching ("Société" finds "Societe")
-- Both are "trusted" since PostgreSQL 13, and live in schema public; each service creates and
-- migrates its own schema (catalogue, identity, reviews, search, media, trader, notifications)
-- with `node scripts/migrate.ts <service>`, so nothing service-specific belongs here.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- Databases created later (tests: CREATE DATABASE ... or CREATE DATABASE ... TEMPLATE ...)
-- are copied from template1 by default: give them the extensions too.
\connect template1
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;
