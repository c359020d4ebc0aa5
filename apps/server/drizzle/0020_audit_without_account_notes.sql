-- An audit row says that an account's internal notes changed, never what they say: the rows
-- written before that rule keep the fact (notesChanged) and lose the content.
UPDATE "audit_events"
SET
  "after" = ("after" - 'notes') || CASE
    WHEN ("after" -> 'notes') IS DISTINCT FROM coalesce("before" -> 'notes', 'null'::jsonb)
      THEN '{"notesChanged": true}'::jsonb
    ELSE '{}'::jsonb
  END,
  "before" = "before" - 'notes'
WHERE "action" IN ('account.created', 'account.updated') AND "after" ? 'notes';
