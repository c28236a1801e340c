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
-- Hand-written (the lead report): the bucket of working minutes, the counts of one lead
-- in lead_report_cells, the trigger that keeps them in the lead's own transaction, and the rebuild
-- that fills them from the leads already stored (run below, and by the benchmark after its seed).
CREATE FUNCTION "lead_report_bucket"(minutes integer, contacted boolean) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
	SELECT (CASE WHEN NOT contacted THEN -1 WHEN minutes IS NULL THEN -2
		ELSE width_bucket(greatest(minutes, 0), ARRAY[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,20,25,30,40,50,60,90,120,180,240,360,480,720,960]) - 1 END)::smallint
$$;--> statement-breakpoint
-- The counts of a set of changed leads (`sign` 1 added, -1 taken away), grouped: one upsert per
-- statement however many leads it changed (an erasure by retention, a bulk import). Cells no lead
-- counts in any more go: an erased lead's campaign or page is not kept as a key.
CREATE FUNCTION "lead_report_keys"(changed jsonb) RETURNS TABLE (dimension text, period_start timestamptz, key text, bucket smallint, sign integer) LANGUAGE sql STABLE AS $$
	SELECT d.dimension, d.period_start, d.key, d.bucket, l.sign
	FROM (SELECT r.sign, r.created_at, r.report_source, r.report_campaign, r.report_page, r.report_product, r.owner_id,
	             date_trunc('week', r.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS week,
	             lead_report_bucket(r.response_minutes, r.first_contact_at IS NOT NULL) AS b
	      FROM jsonb_to_recordset(changed) AS r(sign integer, created_at timestamptz, kind text, report_source text, report_campaign text,
	           report_page text, report_product text, owner_id uuid, response_minutes integer, first_contact_at timestamptz)
	      WHERE r.kind <> 'invoice') l
	CROSS JOIN LATERAL (VALUES
		('source', l.week, coalesce(l.report_source, ''), l.b),
		('campaign', l.week, coalesce(l.report_campaign, ''), l.b),
		('page', l.week, coalesce(l.report_page, ''), l.b),
		('product', l.week, coalesce(l.report_product, ''), l.b),
		('owner', l.week, coalesce(l.owner_id::text, ''), l.b),
		('hour', date_trunc('hour', l.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', '', 0::smallint)) AS d(dimension, period_start, key, bucket)
$$;--> statement-breakpoint
CREATE FUNCTION "lead_report_apply"(changed jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO lead_report_cells AS c (dimension, period_start, key, bucket, leads)
	SELECT k.dimension, k.period_start, k.key, k.bucket, sum(k.sign)::int FROM lead_report_keys(changed) k
	GROUP BY 1, 2, 3, 4 HAVING sum(k.sign) <> 0 ORDER BY 1, 2, 3, 4
	ON CONFLICT (dimension, period_start, key, bucket) DO UPDATE SET leads = c.leads + excluded.leads;
	DELETE FROM lead_report_cells c USING (SELECT DISTINCT k.dimension, k.period_start, k.key, k.bucket FROM lead_report_keys(changed) k WHERE k.sign < 0) d
	WHERE c.leads <= 0 AND c.dimension = d.dimension AND c.period_start = d.period_start AND c.key = d.key AND c.bucket = d.bucket;
END
$$;--> statement-breakpoint
CREATE FUNCTION "lead_report_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM lead_report_apply((SELECT coalesce(jsonb_agg(to_jsonb(n) || '{"sign": 1}'), '[]') FROM new_rows n));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "lead_report_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM lead_report_apply((SELECT coalesce(jsonb_agg(to_jsonb(o) || '{"sign": -1}'), '[]') FROM old_rows o));
	RETURN NULL;
END
$$;--> statement-breakpoint
-- An update counts only where what the report reads changed (a status or a note alone changes nothing).
CREATE FUNCTION "lead_report_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM lead_report_apply((
		WITH moved AS (
			SELECT o, n FROM old_rows o JOIN new_rows n ON n.id = o.id
			WHERE (o.created_at, o.kind, o.payload, o.owner_id, o.first_contact_at, o.response_minutes) IS DISTINCT FROM (n.created_at, n.kind, n.payload, n.owner_id, n.first_contact_at, n.response_minutes)
		)
		SELECT coalesce(jsonb_agg(x.row), '[]') FROM (
			SELECT to_jsonb(o) || '{"sign": -1}' AS row FROM moved
			UNION ALL
			SELECT to_jsonb(n) || '{"sign": 1}' FROM moved
		) x));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_report_inserted" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "lead_report_inserted"();--> statement-breakpoint
CREATE TRIGGER "leads_report_deleted" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "lead_report_deleted"();--> statement-breakpoint
CREATE TRIGGER "leads_report_updated" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "lead_report_updated"();--> statement-breakpoint
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
