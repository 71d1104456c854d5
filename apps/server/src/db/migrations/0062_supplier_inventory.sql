-- Supplier price lists in inventories (issue 62): a product added from a supplier report remembers its
-- supplier, the list version it is priced from, the line's identifier and Amazon's package quantity (so a
-- new version of the supplier's list re-prices it), and how its pack compared with the supplier's, with
-- when the seller confirmed a pack that differs or is unknown (unconfirmed, it is never published).
ALTER TABLE "inventory_products" ADD COLUMN "supplier_id" uuid REFERENCES "suppliers"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "supplier_list_id" uuid REFERENCES "supplier_lists"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "supplier_key" text;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "supplier_units" integer;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "supplier_pack" text;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "pack_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_supplier_pack" CHECK ("supplier_pack" in ('same', 'differs', 'unknown'));--> statement-breakpoint
-- A supplier report counts the ASINs its lines matched against the daily quota, not its lines: it reserves
-- at most what is left when created, keeps its lines' count for the match's progress, and says how many
-- matched products the quota left out.
ALTER TABLE "reports" ADD COLUMN "supplier_lines" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "supplier_quota_left_out" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "inventory_products_supplier_idx" ON "inventory_products" USING btree ("supplier_id") WHERE "supplier_id" IS NOT NULL;
