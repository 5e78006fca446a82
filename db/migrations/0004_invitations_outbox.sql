ALTER TABLE `event_config` ADD `reminder_days_before_deadline` integer;--> statement-breakpoint
ALTER TABLE `event_config` ADD `auto_reminder_sent_for` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `auto_reminder_sent_at` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `auto_reminder_count` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `kind` text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `party_id` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `guest_id` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `reply_to` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `next_attempt_at` text;--> statement-breakpoint
CREATE INDEX `outbox_created_at_idx` ON `outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_party_id_idx` ON `outbox` (`party_id`);--> statement-breakpoint
CREATE INDEX `outbox_guest_id_idx` ON `outbox` (`guest_id`);--> statement-breakpoint
UPDATE `outbox` SET `kind` = 'confirmation';
