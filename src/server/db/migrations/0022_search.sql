ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, features::text), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C') || setweight(to_tsvector('english'::regconfig, ingredients::text), 'D')) STORED;--> statement-breakpoint
-- custom: search
-- Catalogue search (decision 0064). pg_trgm is a trusted extension from PostgreSQL 13: the database's
-- owner can create it without superuser rights; PGlite loads it from @electric-sql/pglite/contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
