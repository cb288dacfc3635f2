CREATE SEQUENCE "public"."order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" bigint;--> statement-breakpoint
-- Orders placed before issue 30 get their numbers in the order they were placed, from 10001;
-- the sequence goes on after the last of them.
UPDATE "orders" SET "order_number" = numbered."n" FROM (SELECT "id", 10000 + row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "orders") AS numbered WHERE "orders"."id" = numbered."id";--> statement-breakpoint
SELECT setval('order_numbers', (SELECT max("order_number") FROM "orders")) WHERE EXISTS (SELECT 1 FROM "orders");--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET DEFAULT nextval('order_numbers');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_number_unique" UNIQUE("order_number");
