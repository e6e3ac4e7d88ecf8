-- A campaign's delivery figures follow its recipients in the statement that changes them
-- (docs/decisions/0016-messaging.md): statement-level triggers with transition tables add the
-- deltas of a whole batch in one UPDATE of the campaign row. Installed by migration 0018.

CREATE OR REPLACE FUNCTION fitbase_campaign_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaigns c SET
    queued_count = c.queued_count + d.queued,
    sent_count = c.sent_count + d.sent,
    failed_count = c.failed_count + d.failed,
    opened_count = c.opened_count + d.opened,
    machine_open_count = c.machine_open_count + d.machine_opens,
    clicked_count = c.clicked_count + d.clicked,
    click_count = c.click_count + d.clicks,
    unsubscribed_count = c.unsubscribed_count + d.unsubscribed
  FROM (
    SELECT organization_id, campaign_id,
      count(*) FILTER (WHERE status = 'queued') AS queued,
      count(*) FILTER (WHERE status = 'sent') AS sent,
      count(*) FILTER (WHERE status = 'failed') AS failed,
      count(*) FILTER (WHERE status = 'sent' AND first_opened_at IS NOT NULL) AS opened,
      coalesce(sum(machine_open_count), 0) AS machine_opens,
      count(*) FILTER (WHERE first_clicked_at IS NOT NULL) AS clicked,
      coalesce(sum(click_count), 0) AS clicks,
      count(*) FILTER (WHERE unsubscribed_at IS NOT NULL) AS unsubscribed
    FROM new_rows GROUP BY organization_id, campaign_id
  ) d
  WHERE c.organization_id = d.organization_id AND c.id = d.campaign_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION fitbase_campaign_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaigns c SET
    queued_count = c.queued_count + d.queued,
    sent_count = c.sent_count + d.sent,
    failed_count = c.failed_count + d.failed,
    opened_count = c.opened_count + d.opened,
    machine_open_count = c.machine_open_count + d.machine_opens,
    clicked_count = c.clicked_count + d.clicked,
    click_count = c.click_count + d.clicks,
    unsubscribed_count = c.unsubscribed_count + d.unsubscribed
  FROM (
    SELECT n.organization_id, n.campaign_id,
      sum((n.status = 'queued')::int - (o.status = 'queued')::int) AS queued,
      sum((n.status = 'sent')::int - (o.status = 'sent')::int) AS sent,
      sum((n.status = 'failed')::int - (o.status = 'failed')::int) AS failed,
      sum((n.status = 'sent' AND n.first_opened_at IS NOT NULL)::int
        - (o.status = 'sent' AND o.first_opened_at IS NOT NULL)::int) AS opened,
      sum(n.machine_open_count - o.machine_open_count) AS machine_opens,
      sum((n.first_clicked_at IS NOT NULL)::int - (o.first_clicked_at IS NOT NULL)::int) AS clicked,
      sum(n.click_count - o.click_count) AS clicks,
      sum((n.unsubscribed_at IS NOT NULL)::int - (o.unsubscribed_at IS NOT NULL)::int) AS unsubscribed
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    GROUP BY n.organization_id, n.campaign_id
  ) d
  WHERE c.organization_id = d.organization_id AND c.id = d.campaign_id;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS campaign_recipients_count_insert ON campaign_recipients;
CREATE TRIGGER campaign_recipients_count_insert AFTER INSERT ON campaign_recipients
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_campaign_counts_insert();

DROP TRIGGER IF EXISTS campaign_recipients_count_update ON campaign_recipients;
CREATE TRIGGER campaign_recipients_count_update AFTER UPDATE ON campaign_recipients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_campaign_counts_update();
