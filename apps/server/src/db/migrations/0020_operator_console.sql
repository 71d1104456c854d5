-- The operator console (three migrations of its branch, made one when merged after 0019).
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "support_ticket_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author" text NOT NULL,
	"author_email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_messages_author" CHECK ("support_ticket_messages"."author" in ('seller', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "admin_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_id" text,
	"target_email" text,
	"reason" text NOT NULL,
	"result" text NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
ALTER TABLE "support_tickets" DROP CONSTRAINT "support_tickets_status";--> statement-breakpoint
ALTER TABLE "user_data" ADD COLUMN "role" text DEFAULT 'seller' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_ticket_messages_ticket_idx" ON "support_ticket_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_action_idx" ON "admin_audit" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_status_created_idx" ON "support_tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_data_suspended_idx" ON "user_data" USING btree ("user_id") WHERE "user_data"."suspended";--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_status" CHECK ("support_tickets"."status" in ('open', 'answered', 'closed'));--> statement-breakpoint
-- The audit log is append-only for whoever the application connects as (see decisions): a row, once
-- written, can be neither changed nor removed, and the table cannot be emptied.
CREATE FUNCTION "admin_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "admin_audit_no_update_delete" BEFORE UPDATE OR DELETE ON "admin_audit"
  FOR EACH ROW EXECUTE FUNCTION "admin_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "admin_audit_no_truncate" BEFORE TRUNCATE ON "admin_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_audit_append_only"();
