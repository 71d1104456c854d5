ALTER TABLE "listing_pushes" ADD COLUMN "new_min_price" double precision;--> statement-breakpoint
ALTER TABLE "listing_pushes" ADD COLUMN "new_max_price" double precision;--> statement-breakpoint
ALTER TABLE "listing_pushes" ADD COLUMN "seller_id" text;--> statement-breakpoint
DROP INDEX "listing_pushes_waiting_idx";--> statement-breakpoint
CREATE INDEX "listing_pushes_waiting_idx" ON "listing_pushes" USING btree ("submission_id") WHERE "listing_pushes"."status" in ('SUBMITTED', 'IN_QUEUE', 'IN_PROGRESS');
