ALTER TABLE "oidc_clients" ADD COLUMN "backchannel_logout_uri" text;--> statement-breakpoint
ALTER TABLE "oidc_payloads" ADD COLUMN "account_id" text;--> statement-breakpoint
CREATE INDEX "oidc_payloads_account_idx" ON "oidc_payloads" USING btree ("account_id");--> statement-breakpoint
-- Sessions, grants and tokens written before this migration name their account in the payload.
UPDATE "oidc_payloads" SET "account_id" = "payload"->>'accountId' WHERE "payload"->>'accountId' IS NOT NULL;
