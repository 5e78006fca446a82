CREATE TABLE `activity_log` (
	`id` text PRIMARY KEY NOT NULL,
	`at` text NOT NULL,
	`actor` text NOT NULL,
	`party_id` text,
	`guest_id` text,
	`kind` text NOT NULL,
	`summary` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `activity_log_at_idx` ON `activity_log` (`at`);--> statement-breakpoint
CREATE INDEX `activity_log_party_id_idx` ON `activity_log` (`party_id`,`at`);--> statement-breakpoint
CREATE TABLE `host_digests` (
	`day` text PRIMARY KEY NOT NULL,
	`changes` integer NOT NULL,
	`outbox_id` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `event_config` ADD `notify_host` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE `guests` ADD `attending` integer;--> statement-breakpoint
-- Data: members of a party that has answered follow its answer; an individual guest follows their own.
UPDATE `guests` SET `attending` = (SELECT r.`attending` FROM `rsvps` r WHERE r.`party_id` = `guests`.`party_id`) WHERE `party_id` IS NOT NULL;--> statement-breakpoint
UPDATE `guests` SET `attending` = (SELECT r.`attending` FROM `rsvps` r WHERE r.`guest_id` = `guests`.`id`) WHERE `party_id` IS NULL;--> statement-breakpoint
-- A "no" counts nobody (guestCount stays 1, SPEC.md 5).
UPDATE `rsvps` SET `guest_count` = 1, `adults_count` = 0, `kids_count` = 0, `babies_count` = 0 WHERE `attending` = 0;
