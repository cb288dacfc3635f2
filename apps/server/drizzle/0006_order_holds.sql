ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "refund_id" text;--> statement-breakpoint
CREATE INDEX "orders_unpaid_created_at_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "orders_unpaid_customer_idx" ON "orders" USING btree ("customer_id") WHERE "orders"."status" = 'unpaid';