-- The rates that priced what a listing run sends to Amazon (issue 59): the inventory's, with their source
-- and day, as they were when the run was asked for. Null on older runs and on inventories never updated
-- since rates were dated.
ALTER TABLE "listing_runs" ADD COLUMN "rates_source" text;--> statement-breakpoint
ALTER TABLE "listing_runs" ADD COLUMN "rates_as_of" text;
