-- Notes become a timeline (lead_events, action 'note'): the one editable note each lead had
-- (leads.note) is kept as the lead's first comment, unless the history already holds that very
-- text (it was saved as a note or with a status change, which both recorded it). Its author is
-- unknown (no staff), its time the last status change, else the lead's own time. leads.note is
-- no longer written or read; erasure still blanks it.
INSERT INTO "lead_events" ("lead_id", "action", "note", "created_at")
SELECT "l"."id", 'note', "l"."note", coalesce("l"."status_changed_at", "l"."created_at")
FROM "leads" "l"
WHERE "l"."note" IS NOT NULL
  AND btrim("l"."note") <> ''
  AND NOT EXISTS (
    SELECT 1 FROM "lead_events" "e" WHERE "e"."lead_id" = "l"."id" AND "e"."note" = "l"."note"
  );
