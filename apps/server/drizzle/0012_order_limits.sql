ALTER TABLE "orders" ADD COLUMN "phone_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_unpaid_hold_until_idx" ON "orders" USING btree ("hold_until") WHERE "orders"."status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "orders_discount_phone_key_idx" ON "orders" USING btree ("phone_key") WHERE "orders"."first_order_discount" and "orders"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "orders_discount_address_key_idx" ON "orders" USING btree ("address_key") WHERE "orders"."first_order_discount" and "orders"."status" <> 'cancelled';