ALTER TABLE "lead_events" ADD COLUMN "from_owner_id" uuid;--> statement-breakpoint
ALTER TABLE "lead_events" ADD COLUMN "to_owner_id" uuid;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "on_duty" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "duty_queues" jsonb;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "last_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "callback_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone_e164" text;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_staff_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_owner_list_idx" ON "leads" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_phone_e164_idx" ON "leads" USING btree ("phone_e164","created_at") WHERE "leads"."phone_e164" is not null;--> statement-breakpoint
CREATE INDEX "leads_email_lower_idx" ON "leads" USING btree (lower("email"),"created_at") WHERE "leads"."email" is not null;--> statement-breakpoint
CREATE INDEX "leads_inn_idx" ON "leads" USING btree (("payload"->>'inn'),"created_at") WHERE "leads"."payload" ? 'inn';