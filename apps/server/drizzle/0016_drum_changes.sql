-- Whatever changes an account's drum overview (its drums, their readings, alerts, requests, sites,
-- alert settings and rent terms) is announced on the channel "drum_changes", with the account's
-- id, when its transaction commits (a rollback sends nothing; one payload is sent once per
-- transaction), so every server instance forgets the overview it computed, whoever made the
-- change. A change to what all accounts share (the catalogue) is announced as "*".
CREATE FUNCTION notify_drum_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('drum_changes', OLD.account_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('drum_changes', NEW.account_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER drums_changed AFTER INSERT OR UPDATE OR DELETE ON drums
  FOR EACH ROW EXECUTE FUNCTION notify_drum_change();
--> statement-breakpoint
CREATE TRIGGER sites_changed AFTER INSERT OR UPDATE OR DELETE ON sites
  FOR EACH ROW EXECUTE FUNCTION notify_drum_change();
--> statement-breakpoint
CREATE TRIGGER alerts_changed AFTER INSERT OR UPDATE OR DELETE ON alerts
  FOR EACH ROW EXECUTE FUNCTION notify_drum_change();
--> statement-breakpoint
CREATE TRIGGER refill_requests_changed AFTER INSERT OR UPDATE OR DELETE ON refill_requests
  FOR EACH ROW EXECUTE FUNCTION notify_drum_change();
--> statement-breakpoint
CREATE TRIGGER alert_settings_changed AFTER INSERT OR UPDATE OR DELETE ON alert_settings
  FOR EACH ROW EXECUTE FUNCTION notify_drum_change();
--> statement-breakpoint
CREATE TRIGGER drum_rent_terms_changed AFTER INSERT OR UPDATE OR DELETE ON drum_rent_terms
  FOR EACH ROW EXECUTE FUNCTION notify_drum_change();
--> statement-breakpoint
-- Readings arrive by the thousand in one statement: one announcement per account a statement
-- touched, from the rows it changed, instead of a lookup per row.
CREATE FUNCTION notify_reading_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('drum_changes', d.account_id::text)
  FROM (SELECT DISTINCT drum_id FROM changed_readings) r
  JOIN drums d ON d.id = r.drum_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER readings_inserted AFTER INSERT ON readings
  REFERENCING NEW TABLE AS changed_readings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reading_changes();
--> statement-breakpoint
CREATE TRIGGER readings_updated AFTER UPDATE ON readings
  REFERENCING NEW TABLE AS changed_readings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reading_changes();
--> statement-breakpoint
CREATE TRIGGER readings_deleted AFTER DELETE ON readings
  REFERENCING OLD TABLE AS changed_readings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reading_changes();
--> statement-breakpoint
CREATE FUNCTION notify_every_account_drum_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('drum_changes', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cable_products_changed AFTER UPDATE OR DELETE ON cable_products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_account_drum_change();
--> statement-breakpoint
CREATE TRIGGER drum_types_changed AFTER UPDATE OR DELETE ON drum_types
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_account_drum_change();
