CREATE TABLE `album_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`party_id` text,
	`guest_id` text,
	`status` text NOT NULL,
	`format` text NOT NULL,
	`storage_key` text NOT NULL,
	`bytes` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`content_hash` text NOT NULL,
	`taken_day` text NOT NULL,
	`copies` text DEFAULT 'pending' NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `album_photos_party_hash_idx` ON `album_photos` (`party_id`,`content_hash`);--> statement-breakpoint
CREATE INDEX `album_photos_status_day_idx` ON `album_photos` (`status`,`taken_day`,`created_at`);--> statement-breakpoint
CREATE INDEX `album_photos_party_idx` ON `album_photos` (`party_id`);--> statement-breakpoint
CREATE TABLE `album_settings` (
	`id` text PRIMARY KEY DEFAULT 'default' NOT NULL,
	`opens_at` text,
	`closes_at` text,
	`approval` text DEFAULT 'host' NOT NULL,
	`quota_bytes` integer DEFAULT 2147483648 NOT NULL,
	`keep_location` integer DEFAULT false NOT NULL,
	`updated_at` text NOT NULL
);
