-- What the seller really paid at the border for an order (issue 61), one row an order: each amount is a
-- line of the money model, in the currency entered; null means not entered (the estimate stands in).
CREATE TABLE "order_costs" (
	"order_id" uuid PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"currency" text NOT NULL,
	"forwarder" numeric(12, 2),
	"clearance" numeric(12, 2),
	"duty" numeric(12, 2),
	"import_tax" numeric(12, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_costs_user_idx" ON "order_costs" ("user_id");
