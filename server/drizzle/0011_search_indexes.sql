-- Admin search: names are matched as lower(name), which the trigram index and the new
-- (email, lower(name), name) index hold, so a broad search tests index entries in email order
-- without lowering each name; the trigram indexes keep their pending list short (schema.ts).
DROP INDEX "accounts_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "accounts_name_lower_trgm_idx" ON "accounts" USING gin (lower("name") gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "accounts_email_name_idx" ON "accounts" USING btree ("email",lower("name"),"name");--> statement-breakpoint
ALTER INDEX "accounts_email_trgm_idx" SET (gin_pending_list_limit=1024);--> statement-breakpoint
ALTER INDEX "tenants_name_trgm_idx" SET (gin_pending_list_limit=1024);--> statement-breakpoint
ALTER INDEX "tenants_slug_trgm_idx" SET (gin_pending_list_limit=1024);
