PRAGMA foreign_keys=OFF;--> statement-breakpoint
-- Inside the migrator's transaction foreign_keys=OFF does nothing: dropping the old table would set the ticks' link_id to null. Keep them aside.
CREATE TEMP TABLE `__tick_links` AS SELECT `id`, `link_id` FROM `boarding_ticks` WHERE `link_id` IS NOT NULL;--> statement-breakpoint
CREATE TABLE `__new_driver_links` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text,
	`day` text,
	`token_hash` text NOT NULL,
	`label` text,
	`expires_at` text,
	`last_opened_at` text,
	`revoked_at` text,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `shuttle_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_driver_links`("id", "run_id", "day", "token_hash", "label", "expires_at", "last_opened_at", "revoked_at", "created_by", "created_at") SELECT "id", "run_id", NULL, "token_hash", "label", "expires_at", "last_opened_at", "revoked_at", "created_by", "created_at" FROM `driver_links`;--> statement-breakpoint
DROP TABLE `driver_links`;--> statement-breakpoint
ALTER TABLE `__new_driver_links` RENAME TO `driver_links`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
UPDATE `boarding_ticks` SET `link_id` = (SELECT `link_id` FROM `__tick_links` WHERE `__tick_links`.`id` = `boarding_ticks`.`id`) WHERE `id` IN (SELECT `id` FROM `__tick_links`);--> statement-breakpoint
DROP TABLE `__tick_links`;--> statement-breakpoint
CREATE UNIQUE INDEX `driver_links_token_hash_unique` ON `driver_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `driver_links_run_idx` ON `driver_links` (`run_id`);--> statement-breakpoint
CREATE INDEX `driver_links_day_idx` ON `driver_links` (`day`);