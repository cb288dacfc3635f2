CREATE TABLE "exchange_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"per_usd_units" integer NOT NULL,
	"effective_from" date NOT NULL,
	"set_by_email" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."per_usd_units" > 0)
);
--> statement-breakpoint
CREATE INDEX "exchange_rates_effective_idx" ON "exchange_rates" USING btree ("effective_from" DESC NULLS LAST,"set_at" DESC NULLS LAST);