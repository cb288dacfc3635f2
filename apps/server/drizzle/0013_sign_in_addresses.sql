CREATE TABLE "sign_in_addresses" (
	"user_id" text NOT NULL,
	"ip_address" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_addresses_user_id_ip_address_pk" PRIMARY KEY("user_id","ip_address")
);
--> statement-breakpoint
ALTER TABLE "rate_limit_counters" ADD COLUMN "window_ms" bigint DEFAULT 86400000 NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_addresses" ADD CONSTRAINT "sign_in_addresses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;