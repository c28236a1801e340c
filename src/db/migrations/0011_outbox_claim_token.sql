ALTER TABLE "outbox_messages" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "possible_repeat" boolean DEFAULT false NOT NULL;