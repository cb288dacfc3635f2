CREATE TABLE "quote_drawings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"author_role" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_offer_lines" (
	"offer_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "quote_offer_lines_offer_id_position_pk" PRIMARY KEY("offer_id","position"),
	CONSTRAINT "quote_offer_lines_quantity_positive" CHECK ("quote_offer_lines"."quantity" > 0),
	CONSTRAINT "quote_offer_lines_price_positive" CHECK ("quote_offer_lines"."unit_price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "quote_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"lead_time_days" integer NOT NULL,
	"valid_until" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_offers_lead_time_range" CHECK ("quote_offers"."lead_time_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_name" text NOT NULL,
	"process" text NOT NULL,
	"part_name" text NOT NULL,
	"material" text NOT NULL,
	"quantities" integer[] NOT NULL,
	"needed_by" date,
	"tolerance" text DEFAULT '' NOT NULL,
	"finish" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"decline_reason" text,
	"accepted_offer_id" uuid,
	"accepted_quantity" integer,
	"accepted_at" timestamp with time zone,
	"order_id" uuid,
	"expiry_warned_at" timestamp with time zone,
	"resent_from_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_requests_quantities_shape" CHECK (cardinality("quote_requests"."quantities") between 1 and 3 and 0 < all("quote_requests"."quantities")),
	CONSTRAINT "quote_requests_accepted_shape" CHECK (("quote_requests"."status" in ('accepted', 'ordered')) = ("quote_requests"."accepted_offer_id" is not null and "quote_requests"."accepted_quantity" is not null))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "tool_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "tool_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "quote_drawings" ADD CONSTRAINT "quote_drawings_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_offer_lines" ADD CONSTRAINT "quote_offer_lines_offer_id_quote_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."quote_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_offers" ADD CONSTRAINT "quote_offers_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_offers" ADD CONSTRAINT "quote_offers_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_customer_id_user_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_drawings_request_position_idx" ON "quote_drawings" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "quote_messages_request_idx" ON "quote_messages" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_offer_lines_quantity_idx" ON "quote_offer_lines" USING btree ("offer_id","quantity");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_offers_request_revision_idx" ON "quote_offers" USING btree ("request_id","revision");--> statement-breakpoint
CREATE INDEX "quote_requests_customer_idx" ON "quote_requests" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quote_requests_status_idx" ON "quote_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_quote_id_quote_requests_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_quote_id_idx" ON "order_lines" USING btree ("quote_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tool_or_quote" CHECK (("order_lines"."tool_id" is null) <> ("order_lines"."quote_id" is null));