CREATE TABLE "watch_mails" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"subject" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_mails_user_id_day_subject_pk" PRIMARY KEY("user_id","day","subject")
);
--> statement-breakpoint
CREATE TABLE "watch_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "asin" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "watches" ALTER COLUMN "asin" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "inventory_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "product_count" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "profit_percent" double precision;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "restriction" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "watches" ADD COLUMN "inventory_id" uuid;--> statement-breakpoint
ALTER TABLE "watches" ADD COLUMN "last_restriction" text;--> statement-breakpoint
ALTER TABLE "watch_mails" ADD CONSTRAINT "watch_mails_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_settings" ADD CONSTRAINT "watch_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" USING btree ("fired_on") WHERE "notifications"."mailed_at" is null;