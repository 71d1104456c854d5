-- Kept answers become the asking user's: each row goes to the one user who connected its selling partner;
-- one claimed by several users (or by nobody now) is dropped and asked again when needed.
ALTER TABLE "listing_restrictions" ADD COLUMN "user_id" text;--> statement-breakpoint
UPDATE "listing_restrictions" r SET "user_id" = c."user_id"
  FROM (SELECT "selling_partner_id", min("user_id") AS "user_id" FROM "amazon_connections"
         GROUP BY "selling_partner_id" HAVING count(DISTINCT "user_id") = 1) c
 WHERE c."selling_partner_id" = r."selling_partner_id";--> statement-breakpoint
DELETE FROM "listing_restrictions" WHERE "user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "listing_restrictions" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_restrictions" DROP CONSTRAINT "listing_restrictions_selling_partner_id_country_asin_pk";--> statement-breakpoint
ALTER TABLE "listing_restrictions" ADD CONSTRAINT "listing_restrictions_user_id_selling_partner_id_country_asin_pk" PRIMARY KEY("user_id","selling_partner_id","country","asin");--> statement-breakpoint
ALTER TABLE "listing_restrictions" ADD CONSTRAINT "listing_restrictions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
