ALTER TABLE "media_files" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_drawings" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "quote_drawings" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_bytes_somewhere" CHECK (num_nonnulls("media_files"."sha256", "media_files"."data") = 1);--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_sha256_shape" CHECK ("media_files"."sha256" ~ '^[0-9a-f]{64}$');--> statement-breakpoint
ALTER TABLE "quote_drawings" ADD CONSTRAINT "quote_drawings_bytes_somewhere" CHECK (num_nonnulls("quote_drawings"."sha256", "quote_drawings"."data") = 1);--> statement-breakpoint
ALTER TABLE "quote_drawings" ADD CONSTRAINT "quote_drawings_sha256_shape" CHECK ("quote_drawings"."sha256" ~ '^[0-9a-f]{64}$');