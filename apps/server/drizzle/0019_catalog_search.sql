CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"parent_id" uuid,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"terms" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "part_number" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "specs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "documents" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(part_number, '')), 'A') || setweight(to_tsvector('simple', name), 'A') || setweight(jsonb_to_tsvector('simple', specs, '["string", "numeric"]'), 'B') || setweight(to_tsvector('simple', description), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(part_number, '') || ' ' || name || ' ' || jsonb_path_query_array(specs, '$.*')::text)) STORED;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tools_part_number_idx" ON "tools" USING btree (lower("part_number"));--> statement-breakpoint
CREATE INDEX "tools_part_number_trgm_idx" ON "tools" USING gin (lower("part_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tools_category_idx" ON "tools" USING btree ("category_id") WHERE "tools"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tools_search_vector_idx" ON "tools" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tools_search_text_trgm_idx" ON "tools" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tools_specs_idx" ON "tools" USING gin ("specs" jsonb_path_ops);