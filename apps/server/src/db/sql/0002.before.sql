-- Prepended to migration 0002 by scripts/generate-migration.mjs (drizzle-kit cannot say it).
-- pg_trgm backs the trigram indexes of `like` filters; PGlite loads it in db/client.ts.
create extension if not exists pg_trgm;
