CREATE TABLE "statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid,
	"file_name" text,
	"sha256" text NOT NULL,
	"encoding" text NOT NULL,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_imports_created_idx" ON "statement_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "statement_imports_sha_idx" ON "statement_imports" USING btree ("sha256");