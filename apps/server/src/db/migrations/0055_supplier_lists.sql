-- Supplier price lists (issue 62): a seller's suppliers with the column mapping remembered, each uploaded
-- list's checked lines, the catalogue matches per list and marketplace, and a report's supplier rows (what
-- each ASIN costs from the list, its match and pack notes).
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"prices_include_tax" boolean DEFAULT false NOT NULL,
	"mapping" jsonb NOT NULL,
	"header" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_user_name" ON "suppliers" ("user_id", lower("name"));
--> statement-breakpoint
CREATE TABLE "supplier_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"supplier_id" uuid NOT NULL REFERENCES "suppliers"("id") ON DELETE cascade,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"mapping" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"bad" jsonb NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "supplier_lists_user" ON "supplier_lists" ("user_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "supplier_lists_supplier" ON "supplier_lists" ("supplier_id", "created_at" DESC);
--> statement-breakpoint
CREATE TABLE "supplier_matches" (
	"list_id" uuid NOT NULL REFERENCES "supplier_lists"("id") ON DELETE cascade,
	"marketplace" text NOT NULL,
	"line" integer NOT NULL,
	"matches" jsonb NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("list_id", "marketplace", "line")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "supplier_list_id" uuid REFERENCES "supplier_lists"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "supplier_matched_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "reports_supplier_list" ON "reports" ("supplier_list_id") WHERE "supplier_list_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "report_supplier_rows" (
	"report_id" uuid NOT NULL REFERENCES "reports"("id") ON DELETE cascade,
	"product_id" text NOT NULL,
	"line" integer NOT NULL,
	"identifier" text NOT NULL,
	"identifier_kind" text NOT NULL,
	"confidence" text NOT NULL,
	"pack" text NOT NULL,
	"supplier_pack" integer NOT NULL,
	"amazon_quantity" integer,
	"units" integer NOT NULL,
	"unit_cost" double precision NOT NULL,
	"buy_price" double precision NOT NULL,
	"currency" text NOT NULL,
	"min_order" integer,
	"pack_cost" double precision NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"name" text,
	"supplier_sku" text,
	"other_lines" integer[] DEFAULT '{}'::integer[] NOT NULL,
	PRIMARY KEY ("report_id", "product_id")
);
