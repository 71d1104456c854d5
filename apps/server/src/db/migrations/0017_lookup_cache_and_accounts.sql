CREATE TABLE "lookup_cache" (
	"marketplace_id" text NOT NULL,
	"asin" text NOT NULL,
	"catalog" jsonb,
	"offers" jsonb,
	"looked_up_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lookup_cache_marketplace_id_asin_pk" PRIMARY KEY("marketplace_id","asin")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "cached_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "amazon_accounts" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "estimated_finish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lookup_cache_age_idx" ON "lookup_cache" USING btree ("looked_up_at");