CREATE TABLE "mushak_credit_note_counters" (
	"fiscal_year" text PRIMARY KEY NOT NULL,
	"last_serial" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"provider_ref" text,
	"tran_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"provider_refund_id" text,
	"failure" text,
	"requested_by" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_note_fiscal_year" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_note_serial" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_note_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "export_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "export_document_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "export_document_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_id" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_reason" ON "refunds" USING btree ("payment_id","reason");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_open_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."state" <> 'done';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_credit_note_serial" ON "orders" USING btree ("credit_note_fiscal_year","credit_note_serial");--> statement-breakpoint
-- Orders that already hold money get their payment row: one per order, from the columns that
-- kept it until now. An order with no provider kept was paid through the configured card
-- provider: Stripe's intent ids start with pi_, anything else was the sandbox's.
INSERT INTO "payments" ("order_id", "provider", "method", "provider_payment_id", "provider_ref", "amount_cents", "currency", "state", "received_at", "created_at", "updated_at")
SELECT o."id",
  coalesce(o."payment_provider", CASE WHEN coalesce(o."payment_intent_id", o."transaction_id") LIKE 'pi\_%' THEN 'stripe' ELSE 'sandbox' END),
  coalesce(o."payment_method", 'card'),
  coalesce(o."payment_intent_id", o."transaction_id", 'order-' || o."id"),
  coalesce(o."transaction_id", o."payment_intent_id"),
  o."total_cents",
  o."currency",
  CASE o."payment_state" WHEN 'under-review' THEN 'under-review' WHEN 'refunded' THEN 'refunded' ELSE 'received' END,
  coalesce(o."paid_at", o."updated_at"),
  coalesce(o."paid_at", o."updated_at"),
  o."updated_at"
FROM "orders" o
WHERE (o."paid" OR o."payment_state" IN ('paid', 'under-review', 'refunded', 'refund-due'))
  AND o."total_cents" > 0;
--> statement-breakpoint
-- Their refunds: done when the provider's refund id was kept (or the transfer back closed), due
-- while a transfer back is still to be made, requested when the call's answer was never kept.
INSERT INTO "refunds" ("payment_id", "order_id", "amount_cents", "currency", "reason", "state", "provider_refund_id", "done_at", "created_at", "updated_at")
SELECT p."id", o."id", p."amount_cents", p."currency",
  CASE o."cancel_reason"
    WHEN 'refunded_out_of_stock' THEN 'out-of-stock'
    WHEN 'refunded_discount_used' THEN 'discount-used'
    WHEN 'refunded_quote_unavailable' THEN 'quote-unavailable'
    WHEN 'refunded_cancelled' THEN 'cancelled'
    ELSE 'admin-cancel'
  END,
  CASE
    WHEN o."payment_state" = 'refund-due' THEN 'due'
    WHEN o."refund_id" IS NULL THEN 'requested'
    ELSE 'done'
  END,
  o."refund_id",
  CASE WHEN o."payment_state" = 'refunded' AND o."refund_id" IS NOT NULL THEN o."updated_at" END,
  o."updated_at",
  o."updated_at"
FROM "orders" o
JOIN "payments" p ON p."order_id" = o."id"
WHERE o."payment_state" IN ('refunded', 'refund-due');
