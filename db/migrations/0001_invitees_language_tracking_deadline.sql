ALTER TABLE `event_config` ADD `rsvp_deadline` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `host_email` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `guests` ADD `invited_at` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `invited_via` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `first_opened_at` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `reminded_at` text;--> statement-breakpoint
ALTER TABLE `parties` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `parties` ADD `invited_at` text;--> statement-breakpoint
ALTER TABLE `parties` ADD `invited_via` text;--> statement-breakpoint
ALTER TABLE `parties` ADD `first_opened_at` text;--> statement-breakpoint
ALTER TABLE `parties` ADD `reminded_at` text;