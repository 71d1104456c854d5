-- Money received (issue 61): what Amazon booked against each seller's orders, the settlement files Amazon
-- keeps only 90 days (kept here as long as the account), how far each region was read, and each order's
-- money summed once per change so the month's summary reads one row an order.
CREATE TABLE "finance_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"region" text NOT NULL,
	"source" text NOT NULL,
	"key" text NOT NULL,
	"amazon_order_id" text NOT NULL,
	"order_item_id" text,
	"sku" text,
	"event" text NOT NULL,
	"event_ref" text,
	"kind" text NOT NULL,
	"amazon_type" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"posted_at" timestamp with time zone,
	"status" text NOT NULL,
	"maturity_at" timestamp with time zone,
	"settlement_id" text,
	"group_id" text,
	"marketplace" text,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
-- The same amount read twice is one line.
CREATE UNIQUE INDEX "finance_lines_key_idx" ON "finance_lines" ("user_id", "source", "key");
CREATE INDEX "finance_lines_order_idx" ON "finance_lines" ("user_id", "amazon_order_id");

CREATE TABLE "settlement_reports" (
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"region" text NOT NULL,
	"report_id" text NOT NULL,
	"settlement_id" text,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"deposit_at" timestamp with time zone,
	"total_cents" bigint,
	"currency" text,
	"order_lines" integer NOT NULL,
	"other_rows" integer NOT NULL,
	-- The file as Amazon gave it, gzipped.
	"document" bytea NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "report_id")
);

CREATE TABLE "finance_syncs" (
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"region" text NOT NULL,
	"transactions_until" timestamp with time zone,
	"reports_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"error" text,
	PRIMARY KEY ("user_id", "region")
);

-- What the landed model said at the order's price on the day of the sale: written once, never changed.
CREATE TABLE "order_money_estimates" (
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"amazon_order_id" text NOT NULL,
	"order_item_id" text NOT NULL,
	"lane_from" text,
	"lane_to" text NOT NULL,
	"on_day" date NOT NULL,
	"breakdown" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "amazon_order_id", "order_item_id")
);

-- One row an order: its money summed from its chosen lines (cents of the currency Amazon paid).
CREATE TABLE "order_money" (
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"amazon_order_id" text NOT NULL,
	"month" date NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"lane_from" text,
	"lane_to" text,
	"currency" text,
	"sales_cents" bigint NOT NULL,
	"amazon_fees_cents" bigint NOT NULL,
	"tax_kept_cents" bigint NOT NULL,
	"promotions_cents" bigint NOT NULL,
	"refunds_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"cost_cents" bigint,
	"shipping_duty_cents" bigint,
	"profit_cents" bigint,
	"estimate_profit_cents" bigint,
	"flagged" integer NOT NULL DEFAULT 0,
	"pending" boolean NOT NULL,
	"release_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "amazon_order_id")
);
CREATE INDEX "order_money_month_idx" ON "order_money" ("user_id", "month", "lane_from", "lane_to");
