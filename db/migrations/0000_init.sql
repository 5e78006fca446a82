CREATE TABLE `admins` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`password` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_username_unique` ON `admins` (`username`);--> statement-breakpoint
CREATE TABLE `auth_settings` (
	`id` text PRIMARY KEY DEFAULT 'default' NOT NULL,
	`email_enabled` integer DEFAULT true NOT NULL,
	`phone_enabled` integer DEFAULT true NOT NULL,
	`custom_code_enabled` integer DEFAULT true NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `event_config` (
	`id` text PRIMARY KEY DEFAULT 'default' NOT NULL,
	`event_title` text DEFAULT '40th Birthday Celebration' NOT NULL,
	`event_date` text NOT NULL,
	`event_time` text NOT NULL,
	`venue_name` text NOT NULL,
	`venue_address` text NOT NULL,
	`venue_directions` text,
	`venue_latitude` real,
	`venue_longitude` real,
	`dress_code` text,
	`welcome_message` text,
	`room_confirmation_message` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `event_rsvps` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`party_id` text,
	`guest_id` text,
	`attending` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_rsvps_event_party_unique` ON `event_rsvps` (`event_id`,`party_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `event_rsvps_event_guest_unique` ON `event_rsvps` (`event_id`,`guest_id`);--> statement-breakpoint
CREATE INDEX `event_rsvps_party_id_idx` ON `event_rsvps` (`party_id`);--> statement-breakpoint
CREATE INDEX `event_rsvps_guest_id_idx` ON `event_rsvps` (`guest_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`date` text NOT NULL,
	`time_from` text NOT NULL,
	`time_to` text NOT NULL,
	`description` text,
	`hotel_guests_only` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `guests` (
	`id` text PRIMARY KEY NOT NULL,
	`party_id` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text,
	`phone` text,
	`custom_code` text,
	`age_category` text DEFAULT 'adult' NOT NULL,
	`date_of_birth` text,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`payment_amount` real DEFAULT 0 NOT NULL,
	`notes` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `guests_party_id_idx` ON `guests` (`party_id`);--> statement-breakpoint
CREATE INDEX `guests_email_idx` ON `guests` (lower("email"));--> statement-breakpoint
CREATE INDEX `guests_phone_idx` ON `guests` (`phone`);--> statement-breakpoint
CREATE INDEX `guests_custom_code_idx` ON `guests` (`custom_code`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` text NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE INDEX `outbox_status_idx` ON `outbox` (`status`);--> statement-breakpoint
CREATE TABLE `parties` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`primary_contact_name` text,
	`primary_email` text,
	`primary_phone` text,
	`auth_code` text,
	`notes` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `parties_auth_code_unique` ON `parties` (`auth_code`);--> statement-breakpoint
CREATE TABLE `party_room_assignments` (
	`id` text PRIMARY KEY NOT NULL,
	`party_id` text NOT NULL,
	`room_type_id` text NOT NULL,
	`quantity` integer NOT NULL,
	`confirmation_status` text DEFAULT 'pending' NOT NULL,
	`confirmed_at` text,
	`declined_at` text,
	`decline_reason` text,
	`payment_deadline` text,
	`is_paid` integer DEFAULT false NOT NULL,
	`paid_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`room_type_id`) REFERENCES `room_types`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `party_room_assignments_party_room_unique` ON `party_room_assignments` (`party_id`,`room_type_id`);--> statement-breakpoint
CREATE INDEX `party_room_assignments_room_type_id_idx` ON `party_room_assignments` (`room_type_id`);--> statement-breakpoint
CREATE TABLE `room_types` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`location` text NOT NULL,
	`category` text NOT NULL,
	`area_sq_m` real NOT NULL,
	`area_sq_ft` real NOT NULL,
	`max_occupancy_adults` integer NOT NULL,
	`max_occupancy_children` integer DEFAULT 0 NOT NULL,
	`total_units` integer NOT NULL,
	`price_per_night` integer NOT NULL,
	`description` text,
	`facilities` text DEFAULT '[]' NOT NULL,
	`image_urls` text DEFAULT '[]' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rsvps` (
	`id` text PRIMARY KEY NOT NULL,
	`party_id` text,
	`guest_id` text,
	`attending` integer NOT NULL,
	`guest_count` integer DEFAULT 1 NOT NULL,
	`adults_count` integer DEFAULT 1 NOT NULL,
	`kids_count` integer DEFAULT 0 NOT NULL,
	`babies_count` integer DEFAULT 0 NOT NULL,
	`dietary_restrictions` text,
	`message_to_host` text,
	`rooms_confirmed` integer DEFAULT false NOT NULL,
	`confirmed_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rsvps_party_id_unique` ON `rsvps` (`party_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `rsvps_guest_id_unique` ON `rsvps` (`guest_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	`expires_at` text
);
--> statement-breakpoint
CREATE INDEX `sessions_expires_at_idx` ON `sessions` (`expires_at`);