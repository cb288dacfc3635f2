DROP INDEX "tools_created_at_idx";--> statement-breakpoint
DROP INDEX "reviews_created_at_idx";--> statement-breakpoint
CREATE INDEX "tools_active_newest_idx" ON "tools" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tools"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tools_active_price_idx" ON "tools" USING btree ("price_cents","id") WHERE "tools"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tools_name_search_idx" ON "tools" USING gin (to_tsvector('simple', "name")) WHERE "tools"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_created_at_idx" ON "reviews" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);