CREATE TABLE "listing_run_results" (
	"run_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"sku" text NOT NULL,
	"outcome" text NOT NULL,
	"left_out" text,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"feed_id" text,
	"feed_status" text,
	CONSTRAINT "listing_run_results_run_id_product_id_pk" PRIMARY KEY("run_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "listing_run_results" ADD CONSTRAINT "listing_run_results_run_id_listing_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."listing_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_run_results_refusals_idx" ON "listing_run_results" USING btree ("run_id","product_id") WHERE "listing_run_results"."outcome" in ('invalid', 'failed', 'left_out');--> statement-breakpoint
CREATE INDEX "listing_run_results_feed_idx" ON "listing_run_results" USING btree ("feed_id") WHERE "listing_run_results"."feed_id" is not null;--> statement-breakpoint
INSERT INTO "listing_run_results" ("run_id", "product_id", "sku", "outcome", "left_out", "issues", "feed_id", "feed_status")
SELECT DISTINCT ON (r.id, v ->> 'product_id') r.id, v ->> 'product_id', v ->> 'sku', v ->> 'outcome', v ->> 'left_out',
       coalesce(v -> 'issues', '[]'::jsonb), v -> 'feed' ->> 'id', v -> 'feed' ->> 'status'
  FROM "listing_runs" r, jsonb_array_elements(r."results") v;--> statement-breakpoint
ALTER TABLE "listing_runs" DROP COLUMN "results";--> statement-breakpoint
ALTER TABLE "listing_runs" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "listing_runs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_runs" ADD COLUMN "claims" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_runs" ADD COLUMN "total" integer;--> statement-breakpoint
ALTER TABLE "listing_runs" ADD COLUMN "tally" jsonb;--> statement-breakpoint
UPDATE "listing_runs" SET "status" = 'failed', "finished_at" = now(), "error" = 'superseded'
 WHERE "status" in ('queued', 'running')
   AND "id" NOT IN (SELECT DISTINCT ON ("inventory_id") "id" FROM "listing_runs"
                     WHERE "status" in ('queued', 'running') ORDER BY "inventory_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "listing_runs_one_active_idx" ON "listing_runs" USING btree ("inventory_id") WHERE "listing_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "listing_runs_user_active_idx" ON "listing_runs" USING btree ("user_id") WHERE "listing_runs"."status" = 'running';--> statement-breakpoint
CREATE TABLE "listing_sync_claims" (
	"inventory_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"owner" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_sync_claims" ADD CONSTRAINT "listing_sync_claims_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_sync_claims_user_idx" ON "listing_sync_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "listings_attention_idx" ON "listings" USING btree ("inventory_id","code") WHERE "listings"."state" = 'needs_attention' or "listings"."drift" is not null;--> statement-breakpoint
CREATE INDEX "listings_inventory_state_idx" ON "listings" USING btree ("inventory_id","state");
