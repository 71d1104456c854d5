CREATE TABLE "amazon_connections" (
	"user_id" text NOT NULL,
	"region" text NOT NULL,
	"selling_partner_id" text NOT NULL,
	"refresh_token_ciphertext" "bytea" NOT NULL,
	"refresh_token_iv" "bytea" NOT NULL,
	"refresh_token_tag" "bytea" NOT NULL,
	"key_id" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"renew_by" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	CONSTRAINT "amazon_connections_user_id_region_pk" PRIMARY KEY("user_id","region"),
	CONSTRAINT "amazon_connections_region_check" CHECK ("amazon_connections"."region" in ('na', 'eu', 'fe')),
	CONSTRAINT "amazon_connections_status_check" CHECK ("amazon_connections"."status" in ('connected', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "amazon_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"region" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "amazon_oauth_states_region_check" CHECK ("amazon_oauth_states"."region" in ('na', 'eu', 'fe'))
);
--> statement-breakpoint
ALTER TABLE "amazon_connections" ADD CONSTRAINT "amazon_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amazon_oauth_states" ADD CONSTRAINT "amazon_oauth_states_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "amazon_oauth_states_user_id_idx" ON "amazon_oauth_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "amazon_oauth_states_expires_at_idx" ON "amazon_oauth_states" USING btree ("expires_at");