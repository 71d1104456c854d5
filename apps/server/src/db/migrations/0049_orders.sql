-- Orders (issue 60): a seller's FBM orders read from Amazon (Orders 2026-01-01), carried through the
-- purchase at the source, the forwarder and a confirmed shipment. Every row carries its user; the buyer's
-- address lives apart, sealed (AES-256-GCM under the token key, bound to its user and order), and is
-- deleted 30 days after shipment.
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"region" text NOT NULL,
	"selling_partner_id" text NOT NULL,
	"marketplace" text NOT NULL,
	"amazon_order_id" text NOT NULL,
	"amazon_status" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"programs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"amazon_updated_at" timestamp with time zone NOT NULL,
	"ship_by_earliest" timestamp with time zone,
	"ship_by" timestamp with time zone,
	"deliver_by_earliest" timestamp with time zone,
	"deliver_by" timestamp with time zone,
	"total_amount" double precision,
	"currency" text,
	"dest_city" text,
	"dest_country" text,
	"from_crossmarket" boolean DEFAULT false NOT NULL,
	"arrived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"address_erase_at" timestamp with time zone,
	"address_erased_at" timestamp with time zone,
	"notified" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE UNIQUE INDEX "orders_user_amazon_idx" ON "orders" ("user_id", "amazon_order_id");
CREATE INDEX "orders_user_state_idx" ON "orders" ("user_id", "state", "purchased_at");
-- The deadline and erasure sweeps read only the few live orders.
CREATE INDEX "orders_live_idx" ON "orders" ("state") WHERE "state" NOT IN ('delivered', 'cancelled');
CREATE INDEX "orders_erase_idx" ON "orders" ("address_erase_at") WHERE "address_erased_at" IS NULL AND "address_erase_at" IS NOT NULL;

CREATE TABLE "order_items" (
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"order_item_id" text NOT NULL,
	"asin" text,
	"sku" text,
	"title" text,
	"quantity" integer NOT NULL,
	"unit_price" double precision,
	"currency" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"listing_id" uuid REFERENCES "listings"("id") ON DELETE SET NULL,
	PRIMARY KEY ("order_id", "order_item_id")
);

CREATE TABLE "order_addresses" (
	"order_id" uuid PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"ciphertext" bytea NOT NULL,
	"iv" bytea NOT NULL,
	"auth_tag" bytea NOT NULL,
	"key_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);

-- Append-only: every move of an order, who made it and when.
CREATE TABLE "order_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" text,
	"reason" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE INDEX "order_transitions_order_idx" ON "order_transitions" ("order_id", "id");

-- One purchase per order item: the primary key is what refuses a second.
CREATE TABLE "order_purchases" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL UNIQUE,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"order_item_id" text NOT NULL,
	"source_order_id" text NOT NULL,
	"total" double precision NOT NULL,
	"tax" double precision,
	"shipping" double precision,
	"currency" text NOT NULL,
	"seen_price" double precision,
	"bought_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("order_id", "order_item_id")
);

-- One shipment per order (one package: a UK order is never split).
CREATE TABLE "order_shipments" (
	"order_id" uuid PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"package_reference_id" text NOT NULL,
	"carrier_code" text NOT NULL,
	"carrier_name" text,
	"shipping_method" text,
	"tracking_number" text NOT NULL,
	"ship_date" timestamp with time zone NOT NULL,
	"confirmation" text DEFAULT 'pending' NOT NULL,
	"read_carrier" text,
	"read_tracking" text,
	"read_at" timestamp with time zone,
	"read_attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);

-- How far each seller's orders were read per SP-API region (searchOrders' lastUpdatedAfter cursor).
CREATE TABLE "order_syncs" (
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"region" text NOT NULL,
	"synced_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	PRIMARY KEY ("user_id", "region")
);

-- The sandbox marketplace's orders (offline parity): Orders 2026 `Order` objects as Amazon would answer.
CREATE TABLE "sandbox_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"marketplace_id" text NOT NULL,
	"sku" text,
	"order" jsonb NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE INDEX "sandbox_orders_seller_idx" ON "sandbox_orders" ("seller_id", "last_updated");

-- Order notices (not bought, not confirmed) are notifications without a watch: once per order and notice.
ALTER TABLE "notifications" ALTER COLUMN "watch_id" DROP NOT NULL;
ALTER TABLE "notifications" ADD COLUMN "order_id" uuid REFERENCES "orders"("id") ON DELETE CASCADE;
ALTER TABLE "notifications" ADD COLUMN "notice" text;
CREATE UNIQUE INDEX "notifications_order_notice_idx" ON "notifications" ("order_id", "notice") WHERE "order_id" IS NOT NULL;
