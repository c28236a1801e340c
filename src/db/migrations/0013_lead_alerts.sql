CREATE TABLE "lead_alerts" (
	"lead_id" uuid NOT NULL,
	"step" text NOT NULL,
	"round" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_alerts_lead_id_step_round_pk" PRIMARY KEY("lead_id","step","round")
);
--> statement-breakpoint
ALTER TABLE "lead_alerts" ADD CONSTRAINT "lead_alerts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_callback_idx" ON "leads" USING btree ("callback_at") WHERE "leads"."callback_at" is not null;