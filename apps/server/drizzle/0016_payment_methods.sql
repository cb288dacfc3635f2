CREATE TABLE "payment_attempts" (
	"tran_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_tran_id_length" CHECK (length("payment_attempts"."tran_id") <= 30)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_state" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id");--> statement-breakpoint
-- Orders from before issue 27 were paid by card (Stripe or the sandbox), or not at all; a late
-- payment refunded for a cancelled order is refunded.
UPDATE "orders" SET
	"payment_state" = CASE
		WHEN "paid" THEN 'paid'
		WHEN "refund_id" IS NOT NULL OR "cancel_reason" LIKE 'refunded\_%' THEN 'refunded'
		ELSE 'unpaid'
	END,
	"payment_method" = CASE
		WHEN "paid" OR "refund_id" IS NOT NULL OR "payment_intent_id" IS NOT NULL THEN 'card'
		ELSE NULL
	END;
