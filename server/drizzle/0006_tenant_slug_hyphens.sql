ALTER TABLE "tenants" DROP CONSTRAINT "tenants_slug_format";--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_slug_format" CHECK ("tenants"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');