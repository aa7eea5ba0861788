-- A password-reset link dies with the password it was sent for. better-auth keeps each link as a row of
-- `verification` (identifier 'reset-password:<token>', value: the user's id) and only consumes the one
-- used: the account's other links — older mails, or a mail sent before a change on the account page —
-- would still set the password. Any change of an account's password (a reset, a change on the account
-- page, any later admin tool), and the account's removal, now deletes every reset link of that user in
-- the same statement, so in the same transaction. Not during a bulk load (a restore loads the rows as
-- they were dumped: analytics_paused(), migration 0003).
CREATE FUNCTION reset_links_end_with_password() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  IF analytics_paused() THEN
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    owner := OLD.user_id;
  ELSIF TG_OP = 'UPDATE' AND OLD.password IS NOT DISTINCT FROM NEW.password THEN
    RETURN NULL;
  ELSIF NEW.password IS NULL THEN
    RETURN NULL;
  ELSE
    owner := NEW.user_id;
  END IF;
  DELETE FROM verification WHERE identifier LIKE 'reset-password:%' AND value = owner;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER account_password_ends_reset_links
  AFTER INSERT OR UPDATE OF password OR DELETE ON account
  FOR EACH ROW EXECUTE FUNCTION reset_links_end_with_password();
