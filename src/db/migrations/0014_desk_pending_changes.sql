CREATE TABLE "desk_pending_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"session_id" uuid NOT NULL,
	"subject_id" uuid,
	"body" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desk_pending_changes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "recovery_codes_to_show" text;--> statement-breakpoint
ALTER TABLE "desk_pending_changes" ADD CONSTRAINT "desk_pending_changes_session_id_staff_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."staff_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_pending_changes_expires_idx" ON "desk_pending_changes" USING btree ("expires_at");