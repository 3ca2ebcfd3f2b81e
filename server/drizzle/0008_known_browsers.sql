CREATE TABLE "known_browsers" (
	"account_id" uuid NOT NULL,
	"browser_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_browsers_account_id_browser_hash_pk" PRIMARY KEY("account_id","browser_hash")
);
--> statement-breakpoint
ALTER TABLE "known_browsers" ADD CONSTRAINT "known_browsers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_browsers_account_seen_idx" ON "known_browsers" USING btree ("account_id","last_seen_at");