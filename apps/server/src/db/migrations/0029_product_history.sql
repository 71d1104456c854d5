CREATE TABLE "product_observation_days" (
	"day" date NOT NULL,
	"marketplace" text NOT NULL,
	"asin" text NOT NULL,
	"currency" text NOT NULL,
	"observations" integer NOT NULL,
	"out_of_stock" integer NOT NULL,
	"buybox_min_cents" integer,
	"buybox_max_cents" integer,
	"buybox_last_cents" integer,
	"lowest_new_min_cents" integer,
	"lowest_new_max_cents" integer,
	"lowest_fba_min_cents" integer,
	"new_offers_last" smallint,
	"fba_offers_last" smallint,
	"buybox_is_amazon_last" boolean,
	"rank_first" integer,
	"rank_last" integer,
	"rank_best" integer,
	"rank_improvements" integer NOT NULL,
	"rank_category" text,
	CONSTRAINT "product_observation_days_marketplace_asin_day_pk" PRIMARY KEY("marketplace","asin","day")
) PARTITION BY RANGE ("day");
--> statement-breakpoint
CREATE TABLE "product_observations" (
	"observed_at" timestamp with time zone NOT NULL,
	"buybox_cents" integer,
	"lowest_new_cents" integer,
	"lowest_fba_cents" integer,
	"sales_rank" integer,
	"new_offers" smallint,
	"fba_offers" smallint,
	"buybox_is_amazon" boolean,
	"in_stock" boolean,
	"kind" text NOT NULL,
	"marketplace" text NOT NULL,
	"asin" text NOT NULL,
	"currency" text NOT NULL,
	"rank_category" text
) PARTITION BY RANGE ("observed_at");
--> statement-breakpoint
CREATE INDEX "product_observations_product_idx" ON "product_observations" USING btree ("marketplace","asin","observed_at");--> statement-breakpoint
-- Hand-written (drizzle-kit knows no partitions): the monthly partitions of both history tables from last
-- month (a first night's roll-up of yesterday) to `ahead` months on, made if missing. The migration makes
-- three months ahead; the worker's nightly history-maintenance job and every start keep two ahead
-- (features/history/partitions.ts).
CREATE FUNCTION "history_ensure_partitions"(ahead integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  made integer := 0;
  first date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
  m date;
  suffix text;
BEGIN
  FOR i IN -1..ahead LOOP
    m := (first + make_interval(months => i))::date;
    suffix := to_char(m, '"y"YYYY"m"MM');
    IF to_regclass('product_observations_' || suffix) IS NULL THEN
      EXECUTE format(
        'CREATE TABLE %I PARTITION OF product_observations FOR VALUES FROM (%L) TO (%L)',
        'product_observations_' || suffix,
        (m::timestamp AT TIME ZONE 'UTC'),
        ((m + interval '1 month')::timestamp AT TIME ZONE 'UTC'));
      made := made + 1;
    END IF;
    IF to_regclass('product_observation_days_' || suffix) IS NULL THEN
      EXECUTE format(
        'CREATE TABLE %I PARTITION OF product_observation_days FOR VALUES FROM (%L) TO (%L)',
        'product_observation_days_' || suffix, m, (m + interval '1 month')::date);
      made := made + 1;
    END IF;
  END LOOP;
  RETURN made;
END
$$;
--> statement-breakpoint
SELECT "history_ensure_partitions"(3);
