-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_data_suspended_idx" ON "user_data" USING btree ("user_id") WHERE "user_data"."suspended";