CREATE TABLE "delivery_pacing" (
	"target" text PRIMARY KEY NOT NULL,
	"next_free_at" timestamp with time zone NOT NULL
);
