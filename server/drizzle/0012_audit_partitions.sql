ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_pkey";--> statement-breakpoint
DROP INDEX "audit_events_at_idx";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_at_id_pk" PRIMARY KEY("at","id");
