ALTER TABLE "listings" ADD COLUMN "drift" jsonb;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "kept_from_amazon" jsonb DEFAULT '[]'::jsonb NOT NULL;