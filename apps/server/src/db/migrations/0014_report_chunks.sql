CREATE TABLE "report_chunks" (
	"report_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"from_position" integer NOT NULL,
	"to_position" integer NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"done_by" text,
	CONSTRAINT "report_chunks_report_id_idx_pk" PRIMARY KEY("report_id","idx")
);
--> statement-breakpoint
ALTER TABLE "report_chunks" ADD CONSTRAINT "report_chunks_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN "lease_until";--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN "lease_owner";