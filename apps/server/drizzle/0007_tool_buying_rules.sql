ALTER TABLE "tools" ADD COLUMN "price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "pack_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "made_to_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_pack_size_positive" CHECK ("tools"."pack_size" >= 1);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_made_to_order_lead_time" CHECK (not "tools"."made_to_order" or "tools"."lead_time_days" between 1 and 365);