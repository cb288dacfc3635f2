-- Issue 29: the catalogue's GIN indexes without the fast-update pending list (see GIN_DIRECT in
-- db/schema/catalog.ts). Rebuilt rather than altered: ALTER INDEX ... SET (fastupdate = off)
-- leaves the rows already pending in the list, and the planner keeps pricing them.
DROP INDEX "tools_name_search_idx";--> statement-breakpoint
DROP INDEX "tools_part_number_trgm_idx";--> statement-breakpoint
DROP INDEX "tools_search_vector_idx";--> statement-breakpoint
DROP INDEX "tools_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "tools_specs_idx";--> statement-breakpoint
CREATE INDEX "tools_name_search_idx" ON "tools" USING gin (to_tsvector('simple', "name")) WITH (fastupdate=false) WHERE "tools"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tools_part_number_trgm_idx" ON "tools" USING gin (lower("part_number") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tools_search_vector_idx" ON "tools" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tools_search_text_trgm_idx" ON "tools" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tools_specs_idx" ON "tools" USING gin ("specs" jsonb_path_ops) WITH (fastupdate=false);