ALTER TABLE "inventories" ADD COLUMN "deleting_on_amazon" text;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_deleting_on_amazon" CHECK ("inventories"."deleting_on_amazon" is null or "inventories"."deleting_on_amazon" in ('quantity_zero', 'delete'));
