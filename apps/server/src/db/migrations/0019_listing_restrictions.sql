CREATE TABLE "report_product_restrictions" (
	"report_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"state" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"approval_url" text,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_product_restrictions_report_id_product_id_pk" PRIMARY KEY("report_id","product_id"),
	CONSTRAINT "report_product_restrictions_state" CHECK ("report_product_restrictions"."state" in ('can_list', 'approval_required', 'cannot_list'))
);
--> statement-breakpoint
CREATE TABLE "listing_restrictions" (
	"selling_partner_id" text NOT NULL,
	"country" text NOT NULL,
	"asin" text NOT NULL,
	"state" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"approval_url" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_restrictions_selling_partner_id_country_asin_pk" PRIMARY KEY("selling_partner_id","country","asin"),
	CONSTRAINT "listing_restrictions_state" CHECK ("listing_restrictions"."state" in ('can_list', 'approval_required', 'cannot_list'))
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "restrictions_state" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "restrictions_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "restrictions_checked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "restrictions_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_restriction" text;--> statement-breakpoint
ALTER TABLE "report_product_restrictions" ADD CONSTRAINT "report_product_restrictions_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_restrictions_checked_idx" ON "listing_restrictions" USING btree ("checked_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_restrictions_state" CHECK ("reports"."restrictions_state" in ('waiting', 'checking', 'done', 'not_connected'));