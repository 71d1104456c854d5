CREATE TABLE "fee_estimates" (
	"selling_partner_id" text NOT NULL,
	"country" text NOT NULL,
	"asin" text NOT NULL,
	"price" double precision NOT NULL,
	"referral_fee" double precision NOT NULL,
	"closing_fee" double precision NOT NULL,
	"estimated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_estimates_selling_partner_id_country_asin_pk" PRIMARY KEY("selling_partner_id","country","asin"),
	CONSTRAINT "fee_estimates_amounts" CHECK ("fee_estimates"."price" > 0 and "fee_estimates"."referral_fee" >= 0 and "fee_estimates"."closing_fee" >= 0)
);
--> statement-breakpoint
CREATE INDEX "fee_estimates_estimated_idx" ON "fee_estimates" USING btree ("estimated_at");