CREATE TABLE `helper_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`helper_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`helper_id`) REFERENCES `helpers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `helper_invitations_token_hash_unique` ON `helper_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `helper_invitations_helper_idx` ON `helper_invitations` (`helper_id`);--> statement-breakpoint
CREATE TABLE `helpers` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`password` text,
	`disabled` integer DEFAULT false NOT NULL,
	`invited_at` text NOT NULL,
	`accepted_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `helpers_email_unique` ON `helpers` (`email`);--> statement-breakpoint
CREATE TABLE `share_links` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`list` text NOT NULL,
	`event_id` text,
	`label` text NOT NULL,
	`expires_at` text,
	`last_opened_at` text,
	`revoked_at` text,
	`created_by` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `share_links_token_hash_unique` ON `share_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `share_links_list_idx` ON `share_links` (`list`,`event_id`);--> statement-breakpoint
ALTER TABLE `activity_log` ADD `actor_name` text;