-- Whatever can end or change a signed-in session is announced on the channel "session_changes"
-- when its transaction commits (NOTIFY waits for the commit, and a rollback sends nothing), so
-- every server instance forgets what it has cached of it, whichever process made the change:
-- another instance, the admin command line, or a person at psql.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', json_build_object('kind', TG_ARGV[0], 'id', OLD.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OF revoked_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('session');
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('user');
--> statement-breakpoint
CREATE TRIGGER accounts_changed AFTER UPDATE OF suspended_at OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('account');
