CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"version" text NOT NULL,
	"audience" text NOT NULL,
	"account_id" uuid,
	"site_id" uuid,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "live_presence" (
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"is_typing" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_presence_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "live_events_at_idx" ON "live_events" USING btree ("at");--> statement-breakpoint
-- Every change a screen shows live is written to "live_events" in its own transaction and its
-- row announced on the channel "live_events" when that commits (a rollback sends nothing), so
-- every server instance tells the streams allowed to hear it, whoever made the change. A row
-- says what changed and who may hear of it, never the data.
CREATE FUNCTION raise_live_event(
  p_kind text, p_subject uuid, p_version text, p_audience text,
  p_account uuid, p_site uuid, p_user uuid
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  event live_events;
BEGIN
  INSERT INTO live_events (kind, subject_id, version, audience, account_id, site_id, user_id)
  VALUES (p_kind, p_subject, p_version, p_audience, p_account, p_site, p_user)
  RETURNING * INTO event;
  PERFORM pg_notify('live_events', json_build_object(
    'id', event.id, 'kind', event.kind, 'subjectId', event.subject_id,
    'version', event.version, 'audience', event.audience, 'accountId', event.account_id,
    'siteId', event.site_id, 'userId', event.user_id)::text);
END
$$;
--> statement-breakpoint
-- An inbox item changed in what a screen shows (status, turn, assignee, due time, last message):
-- its staff and its account hear of it. Marking it read is no such change, or every read would
-- make every open page read it again.
CREATE FUNCTION live_work_item_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_live_event('item', NEW.id,
    (extract(epoch from NEW.updated_at) * 1000)::bigint::text, 'item',
    NEW.account_id, NEW.site_id, NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER work_items_live_inserted AFTER INSERT ON work_items
  FOR EACH ROW EXECUTE FUNCTION live_work_item_changed();
--> statement-breakpoint
CREATE TRIGGER work_items_live_updated AFTER UPDATE ON work_items
  FOR EACH ROW WHEN (
    (OLD.status, OLD.turn, OLD.assignee_user_id, OLD.waiting_since, OLD.due_at,
     OLD.last_customer_message_at, OLD.last_provider_activity_at, OLD.updated_at)
    IS DISTINCT FROM
    (NEW.status, NEW.turn, NEW.assignee_user_id, NEW.waiting_since, NEW.due_at,
     NEW.last_customer_message_at, NEW.last_provider_activity_at, NEW.updated_at))
  EXECUTE FUNCTION live_work_item_changed();
--> statement-breakpoint
-- A message in an item's conversation: the item's staff and account hear of it, by the item.
CREATE FUNCTION live_message_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item work_items;
BEGIN
  SELECT * INTO item FROM work_items WHERE id = CASE TG_TABLE_NAME
    WHEN 'request_messages' THEN (to_jsonb(NEW) ->> 'request_id')::uuid
    WHEN 'quote_messages' THEN (to_jsonb(NEW) ->> 'quote_id')::uuid
    ELSE (to_jsonb(NEW) ->> 'collection_id')::uuid END;
  IF FOUND THEN
    PERFORM raise_live_event('message', item.id, NEW.id::text, 'item',
      item.account_id, item.site_id, NULL);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER request_messages_live AFTER INSERT ON request_messages
  FOR EACH ROW EXECUTE FUNCTION live_message_added();
--> statement-breakpoint
CREATE TRIGGER quote_messages_live AFTER INSERT ON quote_messages
  FOR EACH ROW EXECUTE FUNCTION live_message_added();
--> statement-breakpoint
CREATE TRIGGER collection_messages_live AFTER INSERT ON collection_messages
  FOR EACH ROW EXECUTE FUNCTION live_message_added();
--> statement-breakpoint
-- Staff's internal notes are heard by staff only.
CREATE FUNCTION live_note_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_live_event('item', NEW.item_id, NEW.id::text, 'staff', NULL, NULL, NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER work_item_notes_live AFTER INSERT ON work_item_notes
  FOR EACH ROW EXECUTE FUNCTION live_note_added();
--> statement-breakpoint
-- A notification, new or read, is heard by its recipient only: their bell counts again.
CREATE FUNCTION live_notification_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_live_event('notification', NEW.user_id, NEW.id::text, 'user',
    NULL, NULL, NEW.user_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_live AFTER INSERT OR UPDATE ON notifications
  FOR EACH ROW EXECUTE FUNCTION live_notification_changed();
--> statement-breakpoint
-- A drum's alert raised or resolved: its account hears of it, narrowed to the drum's site.
CREATE FUNCTION live_alert_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_live_event('drum', d.id, NEW.id::text, 'account', d.account_id, d.site_id, NULL)
  FROM drums d WHERE d.id = NEW.drum_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER alerts_live AFTER INSERT OR UPDATE ON alerts
  FOR EACH ROW EXECUTE FUNCTION live_alert_changed();
--> statement-breakpoint
-- Readings arrive by the thousand in one statement: one event per drum the statement touched.
CREATE FUNCTION live_readings_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_live_event('drum', d.id, r.last_at, 'account', d.account_id, d.site_id, NULL)
  FROM (SELECT drum_id, max(read_at)::text AS last_at FROM changed_readings GROUP BY drum_id) r
  JOIN drums d ON d.id = r.drum_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER readings_live AFTER INSERT ON readings
  REFERENCING NEW TABLE AS changed_readings
  FOR EACH STATEMENT EXECUTE FUNCTION live_readings_added();
--> statement-breakpoint
-- Someone came to an item's page, left it, or started or stopped typing: staff hear of it. A
-- renewal that changes neither is no event.
CREATE FUNCTION live_presence_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM raise_live_event('presence', OLD.item_id, OLD.user_id::text, 'staff', NULL, NULL, NULL);
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.is_typing = NEW.is_typing THEN
    RETURN NULL;
  END IF;
  PERFORM raise_live_event('presence', NEW.item_id, NEW.user_id::text, 'staff', NULL, NULL, NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER live_presence_changed AFTER INSERT OR UPDATE OR DELETE ON live_presence
  FOR EACH ROW EXECUTE FUNCTION live_presence_changed();
