CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"tool_id" uuid NOT NULL,
	"tool_name" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	"from_stock" integer NOT NULL,
	"made_to_order" integer DEFAULT 0 NOT NULL,
	"ships_by" date NOT NULL,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_total_matches" CHECK ("order_lines"."line_total_cents" = "order_lines"."quantity" * "order_lines"."unit_price_cents"),
	CONSTRAINT "order_lines_split_matches" CHECK ("order_lines"."from_stock" >= 0 and "order_lines"."made_to_order" >= 0 and "order_lines"."from_stock" + "order_lines"."made_to_order" = "order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"user_id" text NOT NULL,
	"tool_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_user_id_tool_id_pk" PRIMARY KEY("user_id","tool_id"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"cap_cents" integer,
	"starts_at" date NOT NULL,
	"ends_at" date NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_dates_ordered" CHECK ("promotions"."ends_at" >= "promotions"."starts_at"),
	CONSTRAINT "promotions_discount_shape" CHECK (("promotions"."kind" = 'first-order' and "promotions"."percent" between 1 and 100 and "promotions"."cap_cents" > 0)
        or ("promotions"."kind" = 'free-shipping' and "promotions"."percent" is null and "promotions"."cap_cents" is null))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_matches";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_cents" integer;--> statement-breakpoint
-- Orders before issue 14 had one tool and no discount: their subtotal is their total.
UPDATE "orders" SET "subtotal_cents" = "total_cents";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_label" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_order_discount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_tool_id_idx" ON "order_lines" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "promotions_active_idx" ON "promotions" USING btree ("kind","starts_at","ends_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_first_order_discount" ON "orders" USING btree ("customer_id") WHERE "orders"."first_order_discount" and "orders"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_in_range" CHECK ("orders"."discount_cents" >= 0 and "orders"."discount_cents" <= "orders"."subtotal_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_matches" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents");--> statement-breakpoint
-- Every existing order becomes a one-line order, all from stock, promised the day it was placed
-- (the shop's date, Dhaka = UTC+6).
INSERT INTO "order_lines" ("order_id", "position", "tool_id", "tool_name", "unit_price_cents", "quantity", "line_total_cents", "from_stock", "made_to_order", "ships_by")
SELECT "id", 0, "tool_id", "tool_name", "unit_price_cents", "quantity", "unit_price_cents" * "quantity", "quantity", 0, (("created_at" AT TIME ZONE 'UTC') + interval '6 hours')::date
FROM "orders";