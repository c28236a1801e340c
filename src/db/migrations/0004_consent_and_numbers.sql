CREATE SEQUENCE "public"."lead_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_form" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "number" bigint DEFAULT nextval('lead_number_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_form" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_address" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_withdrawn_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_number_idx" ON "leads" USING btree ("number");