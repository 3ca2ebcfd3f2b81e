ALTER TABLE "credentials" DROP CONSTRAINT "credentials_type_known";--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_passkey_id_key" ON "credentials" USING btree ("subject") WHERE "credentials"."type" = 'passkey';--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_type_known" CHECK ("credentials"."type" in ('password', 'totp', 'webauthn', 'passkey', 'oidc'));