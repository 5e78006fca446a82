CREATE TABLE `boarding_ticks` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`run_id` text NOT NULL,
	`guest_id` text NOT NULL,
	`boarded` integer NOT NULL,
	`at` text NOT NULL,
	`link_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `shuttle_runs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`link_id`) REFERENCES `driver_links`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `boarding_ticks_client_id_unique` ON `boarding_ticks` (`client_id`);--> statement-breakpoint
CREATE INDEX `boarding_ticks_run_idx` ON `boarding_ticks` (`run_id`,`guest_id`);--> statement-breakpoint
CREATE TABLE `driver_links` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
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
CREATE UNIQUE INDEX `driver_links_token_hash_unique` ON `driver_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `driver_links_run_idx` ON `driver_links` (`run_id`);--> statement-breakpoint
CREATE TABLE `run_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`text` text NOT NULL,
	`text_pt` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `shuttle_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `run_messages_run_idx` ON `run_messages` (`run_id`);--> statement-breakpoint
ALTER TABLE `event_config` ADD `host_phone` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `hotel_name` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `hotel_phone` text;