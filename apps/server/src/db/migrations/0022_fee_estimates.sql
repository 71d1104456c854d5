CREATE TABLE "fee_estimates" (
	"user_id" text NOT NULL,
	"selling_partner_id" text NOT NULL,
	"country" text NOT NULL,
	"asin" text NOT NULL,
	"price" double precision NOT NULL,
	"referral_fee" double precision NOT NULL,
	"closing_fee" double precision NOT NULL,
	"estimated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_estimates_user_id_selling_partner_id_country_asin_pk" PRIMARY KEY("user_id","selling_partner_id","country","asin"),
	CONSTRAINT "fee_estimates_amounts" CHECK ("fee_estimates"."price" > 0 and "fee_estimates"."referral_fee" >= 0 and "fee_estimates"."closing_fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "fee_estimates" ADD CONSTRAINT "fee_estimates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_estimates_estimated_idx" ON "fee_estimates" USING btree ("estimated_at");