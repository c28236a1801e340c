ALTER TABLE "invoices" ADD COLUMN "credited_lead_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_source" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_campaign" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_page" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_product" text;--> statement-breakpoint
CREATE INDEX "invoices_credited_lead_idx" ON "invoices" USING btree ("credited_lead_id");--> statement-breakpoint
CREATE INDEX "invoices_credit_idx" ON "invoices" USING btree ("credited_at","status","total_kopecks","credit_source","credit_campaign","credit_page","credit_product");--> statement-breakpoint
-- Hand-written (the lead report's invoices, docs/decisions/048-lead-report.md): the lead an invoice
-- is credited to is kept on the invoice with the report's columns of that lead, so the report of a
-- period reads one index of invoices instead of looking up two leads for each of them.
-- The rule: the latest earlier lead (not an invoice's own) of the same e-mail, case-folded; else the
-- invoice's own lead; none when the invoice has no lead.
CREATE FUNCTION "invoice_credit_of"(own uuid) RETURNS TABLE (id uuid, created_at timestamptz, source text, campaign text, page text, product text) LANGUAGE sql STABLE AS $$
	SELECT c.id, c.created_at, c.report_source, c.report_campaign, c.report_page, c.report_product
	FROM leads il
	CROSS JOIN LATERAL (
		(SELECT x.id, x.created_at, x.report_source, x.report_campaign, x.report_page, x.report_product, 0 AS rank
		 FROM leads x
		 WHERE il.email IS NOT NULL AND x.email IS NOT NULL AND lower(x.email) = lower(il.email) AND x.kind <> 'invoice' AND x.created_at <= il.created_at
		 ORDER BY x.created_at DESC LIMIT 1)
		UNION ALL
		SELECT il.id, il.created_at, il.report_source, il.report_campaign, il.report_page, il.report_product, 1
		ORDER BY rank LIMIT 1) c
	WHERE il.id = own
$$;--> statement-breakpoint
-- A new invoice, or one whose own lead went (the foreign key sets it to null), is credited anew.
CREATE FUNCTION "invoice_credit_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT c.id, c.created_at, c.source, c.campaign, c.page, c.product
	INTO NEW.credited_lead_id, NEW.credited_at, NEW.credit_source, NEW.credit_campaign, NEW.credit_page, NEW.credit_product
	FROM invoice_credit_of(NEW.lead_id) c;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_credit" BEFORE INSERT OR UPDATE OF "lead_id" ON "invoices"
	FOR EACH ROW EXECUTE FUNCTION "invoice_credit_set"();--> statement-breakpoint
-- The invoices credited to, or brought by, leads that changed what the rule reads (an erasure blanks the
-- e-mail and the campaign) or went: credited anew. A lead's e-mail is only ever blanked, never set
-- later, so no other invoice can gain a lead.
CREATE FUNCTION "invoice_credit_refresh"(changed uuid[]) RETURNS void LANGUAGE sql AS $$
	UPDATE invoices i SET credited_lead_id = c.id, credited_at = c.created_at, credit_source = c.source,
		credit_campaign = c.campaign, credit_page = c.page, credit_product = c.product
	FROM invoices j LEFT JOIN LATERAL invoice_credit_of(j.lead_id) c ON true
	WHERE i.id = j.id AND (j.credited_lead_id = ANY(changed) OR j.lead_id = ANY(changed))
$$;--> statement-breakpoint
CREATE FUNCTION "lead_credit_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed uuid[] := ARRAY(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
		WHERE (o.email, o.payload, o.kind, o.created_at) IS DISTINCT FROM (n.email, n.payload, n.kind, n.created_at));
BEGIN
	IF cardinality(changed) > 0 THEN PERFORM invoice_credit_refresh(changed); END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "lead_credit_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM invoice_credit_refresh(ARRAY(SELECT o.id FROM old_rows o));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_credit_updated" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "lead_credit_updated"();--> statement-breakpoint
CREATE TRIGGER "leads_credit_deleted" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "lead_credit_deleted"();--> statement-breakpoint
-- The invoices already issued: every one with a lead.
SELECT invoice_credit_refresh(ARRAY(SELECT lead_id FROM invoices WHERE lead_id IS NOT NULL));
