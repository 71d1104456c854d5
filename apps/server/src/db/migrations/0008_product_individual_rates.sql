-- Per-product profit rates (the specification's individual_profit_rate_min/std/max) beside the packed
-- pricing input they re-price with: all three or none, ordered like a fixed rule. Nullable columns, so
-- adding them rewrites nothing.
ALTER TABLE "report_product_pricing" ADD COLUMN "individual_profit_rate_min" double precision;--> statement-breakpoint
ALTER TABLE "report_product_pricing" ADD COLUMN "individual_profit_rate_std" double precision;--> statement-breakpoint
ALTER TABLE "report_product_pricing" ADD COLUMN "individual_profit_rate_max" double precision;--> statement-breakpoint
ALTER TABLE "report_product_pricing" ADD CONSTRAINT "report_product_pricing_individual_rates" CHECK (case num_nulls("report_product_pricing"."individual_profit_rate_min", "report_product_pricing"."individual_profit_rate_std", "report_product_pricing"."individual_profit_rate_max")
            when 3 then true
            when 0 then 0 <= "report_product_pricing"."individual_profit_rate_min" and "report_product_pricing"."individual_profit_rate_min" < "report_product_pricing"."individual_profit_rate_std"
                    and "report_product_pricing"."individual_profit_rate_std" < "report_product_pricing"."individual_profit_rate_max" and "report_product_pricing"."individual_profit_rate_max" < 'Infinity'
            else false end);