-- Trigram indexes back the shop search (substring match on name and description).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
