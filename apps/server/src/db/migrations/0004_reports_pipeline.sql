CREATE TABLE "exchange_rates" (
	"source" text NOT NULL,
	"currency" text NOT NULL,
	"rate" double precision NOT NULL,
	"as_of" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_source_currency_pk" PRIMARY KEY("source","currency")
);
--> statement-breakpoint
CREATE TABLE "product_offers" (
	"report_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"side" text NOT NULL,
	"offers" jsonb NOT NULL,
	CONSTRAINT "product_offers_report_id_product_id_side_pk" PRIMARY KEY("report_id","product_id","side")
);
--> statement-breakpoint
CREATE TABLE "report_product_snapshots" (
	"report_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"row_cross" jsonb NOT NULL,
	"row_to" jsonb NOT NULL,
	CONSTRAINT "report_product_snapshots_report_id_product_id_pk" PRIMARY KEY("report_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "report_products" (
	"report_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"cross_status" text NOT NULL,
	"to_status" text NOT NULL,
	"fbm" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_products_report_id_product_id_pk" PRIMARY KEY("report_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "parity_rates" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "product_offers" ADD CONSTRAINT "product_offers_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_product_snapshots" ADD CONSTRAINT "report_product_snapshots_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_products" ADD CONSTRAINT "report_products_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_fetched_idx" ON "exchange_rates" USING btree ("fetched_at");