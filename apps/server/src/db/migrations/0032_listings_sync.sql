CREATE TABLE "listing_pushes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"old_price" double precision,
	"new_price" double precision,
	"old_quantity" integer,
	"new_quantity" integer,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"submission_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inventory_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"product_ids" jsonb,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inventory_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"sku" text NOT NULL,
	"marketplace_id" text NOT NULL,
	"state" text NOT NULL,
	"pushed_price" double precision,
	"pushed_min_price" double precision,
	"pushed_max_price" double precision,
	"pushed_quantity" integer,
	"pushed_at" timestamp with time zone,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_listings" (
	"seller_id" text NOT NULL,
	"marketplace_id" text NOT NULL,
	"sku" text NOT NULL,
	"product_type" text NOT NULL,
	"attributes" jsonb NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submission_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_listings_seller_id_marketplace_id_sku_pk" PRIMARY KEY("seller_id","marketplace_id","sku")
);
--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "listing_sync_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "listing_sync_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "listing_hold" jsonb;--> statement-breakpoint
ALTER TABLE "user_data" ADD COLUMN "listings_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_pushes" ADD CONSTRAINT "listing_pushes_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_runs" ADD CONSTRAINT "listing_runs_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_runs" ADD CONSTRAINT "listing_runs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_pushes_listing_idx" ON "listing_pushes" USING btree ("listing_id","at");--> statement-breakpoint
CREATE INDEX "listing_runs_inventory_idx" ON "listing_runs" USING btree ("inventory_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_inventory_code_idx" ON "listings" USING btree ("inventory_id","code","marketplace_id");--> statement-breakpoint
CREATE INDEX "listings_user_idx" ON "listings" USING btree ("user_id");