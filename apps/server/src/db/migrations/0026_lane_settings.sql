-- Lanes (issue 45): a seller's settings per buying → selling country, and the lane settings a report was
-- priced with, so its figures do not move when the seller edits the lane.
CREATE TABLE "lane_settings" (
	"user_id" text NOT NULL,
	"from_country" text NOT NULL,
	"to_country" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lane_settings_user_id_from_country_to_country_pk" PRIMARY KEY("user_id","from_country","to_country")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "lane" jsonb;--> statement-breakpoint
ALTER TABLE "lane_settings" ADD CONSTRAINT "lane_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;