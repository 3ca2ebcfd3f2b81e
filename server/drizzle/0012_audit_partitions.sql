ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_pkey";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_id_at_pk" PRIMARY KEY("id","at");
