CREATE TABLE "spapi_pacing" (
	"seller" text NOT NULL,
	"operation" text NOT NULL,
	"tokens" double precision NOT NULL,
	"rate" double precision NOT NULL,
	"burst" double precision NOT NULL,
	"granted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "spapi_pacing_seller_operation_pk" PRIMARY KEY("seller","operation")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "no_answer_count" integer DEFAULT 0 NOT NULL;