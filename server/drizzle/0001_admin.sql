-- Trigram indexes below serve the admin substring searches (ILIKE '%term%').
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "notification_tenants" (
	"notification_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	CONSTRAINT "notification_tenants_notification_id_tenant_id_pk" PRIMARY KEY("notification_id","tenant_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message" text NOT NULL,
	"admins_only" boolean DEFAULT false NOT NULL,
	"popup" boolean DEFAULT false NOT NULL,
	"new_functionality" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "token_sealed" text;--> statement-breakpoint
ALTER TABLE "notification_tenants" ADD CONSTRAINT "notification_tenants_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_tenants" ADD CONSTRAINT "notification_tenants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_tenants_tenant_idx" ON "notification_tenants" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "accounts_email_trgm_idx" ON "accounts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_name_trgm_idx" ON "accounts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_created_idx" ON "accounts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tenants_name_idx" ON "tenants" USING btree ("name","slug");--> statement-breakpoint
CREATE INDEX "tenants_name_trgm_idx" ON "tenants" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenants_slug_trgm_idx" ON "tenants" USING gin ("slug" gin_trgm_ops);