ALTER TABLE "inventories" ADD COLUMN "update_status" text DEFAULT 'never' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "update_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "update_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "update_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "update_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "update_lease_owner" text;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "update_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "updated_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "unavailable_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "price_changed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "available" boolean;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "min_price" double precision;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "std_price" double precision;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "max_price" double precision;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "updated_at" timestamp with time zone;