CREATE TABLE `seat_assignments` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`guest_id` text NOT NULL,
	`table_id` text NOT NULL,
	`locked` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`table_id`) REFERENCES `seating_tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seat_assignments_event_guest_unique` ON `seat_assignments` (`event_id`,`guest_id`);--> statement-breakpoint
CREATE INDEX `seat_assignments_table_idx` ON `seat_assignments` (`table_id`);--> statement-breakpoint
CREATE TABLE `seating_plans` (
	`event_id` text PRIMARY KEY NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `seating_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`kind` text NOT NULL,
	`guest_ids` text DEFAULT '[]' NOT NULL,
	`party_ids` text DEFAULT '[]' NOT NULL,
	`table_id` text,
	`ages` text DEFAULT '[]' NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`table_id`) REFERENCES `seating_tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `seating_rules_event_idx` ON `seating_rules` (`event_id`);--> statement-breakpoint
CREATE TABLE `seating_tables` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`name` text NOT NULL,
	`shape` text DEFAULT 'round' NOT NULL,
	`seats` integer NOT NULL,
	`note` text,
	`position` integer DEFAULT 0 NOT NULL,
	`locked` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `seating_tables_event_idx` ON `seating_tables` (`event_id`);