CREATE TABLE "quick_lookups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"from_country" text NOT NULL,
	"to_country" text NOT NULL,
	"row_cross" jsonb,
	"row_to" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quick_lookups" ADD CONSTRAINT "quick_lookups_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quick_lookups_user_day_idx" ON "quick_lookups" USING btree ("user_id","created_at");