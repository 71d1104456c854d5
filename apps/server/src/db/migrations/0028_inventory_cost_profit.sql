ALTER TABLE "inventory_products" ADD COLUMN "cost_in_tc" double precision;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "std_profit" double precision;