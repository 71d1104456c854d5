-- An operator's role withdrawn in the console stays withdrawn: ADMIN_EMAILS no longer grants it (issue 43).
ALTER TABLE "user_data" ADD COLUMN "operator_withdrawn_at" timestamp with time zone;--> statement-breakpoint
-- Withdrawals made before this column existed, read from the audit log (the latest role change wins).
UPDATE "user_data" d SET "operator_withdrawn_at" = a."created_at"
  FROM (SELECT DISTINCT ON ("target_id") "target_id", "created_at", "details"->>'to' AS "role"
          FROM "admin_audit" WHERE "action" = 'user.role' AND "result" = 'ok'
         ORDER BY "target_id", "id" DESC) a
 WHERE a."target_id" = d."user_id" AND a."role" = 'seller';
