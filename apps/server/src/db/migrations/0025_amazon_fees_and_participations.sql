-- Fee estimates keep the shipping they were asked with (a merchant-fulfilled referral fee is charged on
-- price plus shipping) and the other fee lines Amazon names, shown and not counted; a connection keeps
-- the marketplaces its seller participates in (Sellers API), read at connect time.
ALTER TABLE "amazon_connections" ADD COLUMN "selling_countries" text[];--> statement-breakpoint
ALTER TABLE "fee_estimates" ADD COLUMN "shipping" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_estimates" ADD COLUMN "other_fees" jsonb DEFAULT '[]'::jsonb NOT NULL;