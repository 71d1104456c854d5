-- One-time steps run by the program at start-up after the migrations, for work SQL cannot do alone
-- (issue 57: the operators' and ADMIN_EMAILS accounts' credentials reset needs ADMIN_EMAILS, which only the
-- environment holds). A step's row is written in the transaction that does it, so it runs once, even with
-- several processes starting together.
CREATE TABLE "upgrade_steps" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	"details" jsonb
);
