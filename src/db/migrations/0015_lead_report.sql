CREATE TABLE "lead_report_cells" (
	"dimension" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"key" text NOT NULL,
	"bucket" smallint NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "lead_report_cells_dimension_period_start_key_bucket_pk" PRIMARY KEY("dimension","period_start","key","bucket")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "response_minutes" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "report_source" text GENERATED ALWAYS AS (coalesce(nullif(lower(btrim(payload->>'utm_source')), '') || coalesce(' / ' || nullif(lower(btrim(payload->>'utm_medium')), ''), ''), regexp_replace(lower(substring(payload->>'referrer' from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:@]+)')), '^www[.]', ''))) STORED;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "report_campaign" text GENERATED ALWAYS AS (nullif(btrim(payload->>'utm_campaign'), '')) STORED;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "report_page" text GENERATED ALWAYS AS (nullif(split_part(split_part(payload->>'url', '?', 1), '#', 1), '')) STORED;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "report_product" text GENERATED ALWAYS AS (nullif(payload->>'product', '')) STORED;--> statement-breakpoint
CREATE INDEX "leads_report_idx" ON "leads" USING btree ("created_at","kind","report_source","report_campaign","report_page","report_product","owner_id","first_contact_at","response_minutes");--> statement-breakpoint
CREATE INDEX "leads_response_unknown_idx" ON "leads" USING btree ("created_at") WHERE "leads"."first_contact_at" is not null and "leads"."response_minutes" is null;--> statement-breakpoint
-- Hand-written (issue 45, the lead report): the bucket of working minutes, the counts of one lead
-- in lead_report_cells, the trigger that keeps them in the lead's own transaction, and the rebuild
-- that fills them from the leads already stored (run below, and by the benchmark after its seed).
CREATE FUNCTION "lead_report_bucket"(minutes integer, contacted boolean) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
	SELECT (CASE WHEN NOT contacted THEN -1 WHEN minutes IS NULL THEN -2
		ELSE width_bucket(greatest(minutes, 0), ARRAY[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,20,25,30,40,50,60,90,120,180,240,360,480,720,960]) - 1 END)::smallint
$$;--> statement-breakpoint
CREATE FUNCTION "lead_report_count"(l "leads", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	week timestamptz := date_trunc('week', l.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
	b smallint := lead_report_bucket(l.response_minutes, l.first_contact_at IS NOT NULL);
BEGIN
	IF l.kind = 'invoice' THEN RETURN; END IF;
	INSERT INTO lead_report_cells AS c (dimension, period_start, key, bucket, leads) VALUES
		('source', week, coalesce(l.report_source, ''), b, sign),
		('campaign', week, coalesce(l.report_campaign, ''), b, sign),
		('page', week, coalesce(l.report_page, ''), b, sign),
		('product', week, coalesce(l.report_product, ''), b, sign),
		('owner', week, coalesce(l.owner_id::text, ''), b, sign),
		('hour', date_trunc('hour', l.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', '', 0, sign)
	ON CONFLICT (dimension, period_start, key, bucket) DO UPDATE SET leads = c.leads + excluded.leads;
END
$$;--> statement-breakpoint
CREATE FUNCTION "lead_report_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN PERFORM lead_report_count(OLD, -1); END IF;
	IF TG_OP <> 'DELETE' THEN PERFORM lead_report_count(NEW, 1); END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_report_cells" AFTER INSERT OR DELETE OR UPDATE OF "created_at", "kind", "payload", "owner_id", "first_contact_at", "response_minutes" ON "leads"
	FOR EACH ROW EXECUTE FUNCTION "lead_report_change"();--> statement-breakpoint
CREATE FUNCTION "lead_report_rebuild"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM lead_report_cells;
	INSERT INTO lead_report_cells (dimension, period_start, key, bucket, leads)
	SELECT d.dimension, d.period_start, d.key, d.bucket, count(*)::int
	FROM (SELECT *, date_trunc('week', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS week, lead_report_bucket(response_minutes, first_contact_at IS NOT NULL) AS b
	      FROM leads WHERE kind <> 'invoice') l
	CROSS JOIN LATERAL (VALUES
		('source', l.week, coalesce(l.report_source, ''), l.b),
		('campaign', l.week, coalesce(l.report_campaign, ''), l.b),
		('page', l.week, coalesce(l.report_page, ''), l.b),
		('product', l.week, coalesce(l.report_product, ''), l.b),
		('owner', l.week, coalesce(l.owner_id::text, ''), l.b),
		('hour', date_trunc('hour', l.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', '', 0::smallint)) AS d(dimension, period_start, key, bucket)
	GROUP BY 1, 2, 3, 4
$$;--> statement-breakpoint
SELECT lead_report_rebuild();
