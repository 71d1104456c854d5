-- Which exchange rates priced a report or an inventory's last update, and of what day (issue 59): the
-- ECB's daily rates, the dated ECB table shipped with the product, or the specification's fixed table.
-- Null on rows from before: their report's parity_rates (or the fixed table) priced them, undated.
ALTER TABLE "reports" ADD COLUMN "rates_source" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "rates_as_of" text;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "rates_source" text;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "rates_as_of" text;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "parity_rates" jsonb;
