CREATE TABLE "stripe_subscription_versions" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"event_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "response" DROP NOT NULL;