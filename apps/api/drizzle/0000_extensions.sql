-- Trigram indexes make ILIKE '%term%' searches fast; pg_trgm is a trusted extension (PostgreSQL 13+)
-- and PGlite ships it as a contrib module loaded by the API.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
