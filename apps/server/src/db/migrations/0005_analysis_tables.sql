CREATE TABLE "report_product_fbm" (
	"report_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"fbm_fba_profit_percent" double precision,
	"fbm_buy_price" double precision,
	"fbm_shipping_fee" double precision,
	"fbm_available" boolean DEFAULT false NOT NULL,
	"fbm_stock" double precision,
	"fbm_profit_amount" double precision,
	"fbm_profit_percent" double precision,
	"fbm_profit_custom" double precision,
	"fbm_diff_between_lowest" double precision,
	"fbm_cost_in_tc" double precision,
	"fbm_min_price" double precision,
	"fbm_std_price" double precision,
	"fbm_max_price" double precision,
	CONSTRAINT "report_product_fbm_report_id_product_id_pk" PRIMARY KEY("report_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "report_product_pricing" (
	"report_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"input" text NOT NULL,
	CONSTRAINT "report_product_pricing_report_id_product_id_pk" PRIMARY KEY("report_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "facets" jsonb;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_delivery_days" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_has_same_brand_seller" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_has_buybox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_is_sba" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_has_fba" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_is_amazonchoice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_is_prime" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_variation" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_buybox_price" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_lowest_price" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_average_price" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_sellers_count" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_sales_rank_top" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_sales_rank_sub" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_is_noship" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_coupon_type" text;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_product_size" text;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_max_order_quantity" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_weight_lbs" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "cross_shipping_fee" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_delivery_days" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_has_same_brand_seller" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_has_buybox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_is_sba" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_has_fba" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_is_amazonchoice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_is_prime" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_variation" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_buybox_price" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_lowest_price" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_average_price" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_sellers_count" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_sales_rank_top" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_sales_rank_sub" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_is_nostock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_seller_brand_count" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_sales_rank" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_sales_rank_category" text;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_buybox_seller_id" text;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_lowest_seller_id" text;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_review_count" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "to_review_rating" double precision;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "report_products" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "report_product_fbm" ADD CONSTRAINT "report_product_fbm_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_product_pricing" ADD CONSTRAINT "report_product_pricing_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Settings changes rewrite every row of a report here: free room on each page keeps those updates HOT.
ALTER TABLE "report_product_fbm" SET (fillfactor = 50);