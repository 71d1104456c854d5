CREATE TABLE "spapi_calls" (
	"user_id" text NOT NULL,
	"region" text NOT NULL,
	"operation" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"throttled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "spapi_calls_user_id_region_operation_minute_pk" PRIMARY KEY("user_id","region","operation","minute")
);
--> statement-breakpoint
CREATE TABLE "process_heartbeats" (
	"kind" text NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "process_heartbeats_kind_instance_pk" PRIMARY KEY("kind","instance")
);
--> statement-breakpoint
CREATE INDEX "spapi_calls_minute_idx" ON "spapi_calls" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "process_heartbeats_seen_idx" ON "process_heartbeats" USING btree ("seen_at");