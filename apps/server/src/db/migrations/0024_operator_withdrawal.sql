-- An operator's role withdrawn in the console stays withdrawn: ADMIN_EMAILS no longer grants it (issue 43).
ALTER TABLE "user_data" ADD COLUMN "operator_withdrawn_at" timestamp with time zone;--> statement-breakpoint
-- Withdrawals made before this column existed, read from the audit log (the latest role change wins).
UPDATE "user_data" d SET "operator_withdrawn_at" = a."created_at"
  FROM (SELECT DISTINCT ON ("target_id") "target_id", "created_at", "details"->>'to' AS "role"
          FROM "admin_audit" WHERE "action" = 'user.role' AND "result" = 'ok'
         ORDER BY "target_id", "id" DESC) a
 WHERE a."target_id" = d."user_id" AND a."role" = 'seller';
--> statement-breakpoint
-- Mail jobs sent before link mails were sealed (send-link-mail) hold working sign-in, activation and
-- recovery links in plain text: finished ones and the archive's copies lose their payload. pg-boss makes
-- its schema at its first start, so a new database has none yet.
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    UPDATE pgboss.job SET data = '{}'::jsonb
     WHERE name = 'send-mail' AND state IN ('completed', 'cancelled', 'failed')
       AND data::text ~ '/api/auth/(verify-email|magic-link/verify)\?';
  END IF;
  IF to_regclass('pgboss.archive') IS NOT NULL THEN
    UPDATE pgboss.archive SET data = '{}'::jsonb
     WHERE name = 'send-mail' AND data::text ~ '/api/auth/(verify-email|magic-link/verify)\?';
  END IF;
END $$;
