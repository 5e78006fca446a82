ALTER TABLE `outbox` ADD `lane` text DEFAULT 'bulk' NOT NULL;--> statement-breakpoint
CREATE INDEX `outbox_lane_status_idx` ON `outbox` (`lane`,`status`);--> statement-breakpoint
-- Hand-written backfill (issue 23, decision 058), keep it when regenerating:
-- mails already in the outbox take their lane from their kind, as
-- laneOfKind in app/models/outbox.server.ts decides for new ones.
UPDATE `outbox` SET `lane` = 'priority' WHERE `kind` IN ('sign-in-code', 'confirmation');
