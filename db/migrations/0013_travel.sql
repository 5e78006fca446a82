CREATE TABLE `shuttle_assignments` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`traveller_id` text NOT NULL,
	`direction` text NOT NULL,
	`request_date` text,
	`request_time` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `shuttle_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shuttle_assignments_traveller_unique` ON `shuttle_assignments` (`traveller_id`,`direction`);--> statement-breakpoint
CREATE INDEX `shuttle_assignments_run_idx` ON `shuttle_assignments` (`run_id`);--> statement-breakpoint
CREATE TABLE `shuttle_notices` (
	`traveller_id` text NOT NULL,
	`direction` text NOT NULL,
	`pickup` text NOT NULL,
	`told_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shuttle_notices_unique` ON `shuttle_notices` (`traveller_id`,`direction`);--> statement-breakpoint
CREATE TABLE `shuttle_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`direction` text NOT NULL,
	`date` text NOT NULL,
	`time` text NOT NULL,
	`from_point_id` text,
	`to_point_id` text,
	`seats` integer NOT NULL,
	`vehicle` text,
	`driver_phone` text,
	`note` text,
	`locked` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`from_point_id`) REFERENCES `travel_points`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`to_point_id`) REFERENCES `travel_points`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `travel_answers` (
	`id` text PRIMARY KEY NOT NULL,
	`traveller_id` text NOT NULL,
	`party_id` text,
	`guest_id` text,
	`arrival_date` text,
	`arrival_time` text,
	`arrival_point_id` text,
	`arrival_number` text,
	`departure_date` text,
	`departure_time` text,
	`departure_point_id` text,
	`departure_number` text,
	`transfer_arrival` integer DEFAULT false NOT NULL,
	`transfer_departure` integer DEFAULT false NOT NULL,
	`seats` integer DEFAULT 1 NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`arrival_point_id`) REFERENCES `travel_points`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`departure_point_id`) REFERENCES `travel_points`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `travel_answers_traveller_unique` ON `travel_answers` (`traveller_id`);--> statement-breakpoint
CREATE INDEX `travel_answers_party_idx` ON `travel_answers` (`party_id`);--> statement-breakpoint
CREATE TABLE `travel_points` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_pt` text,
	`kind` text DEFAULT 'airport' NOT NULL,
	`transfer` integer DEFAULT true NOT NULL,
	`drive_minutes` integer DEFAULT 0 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `travel_settings` (
	`id` text PRIMARY KEY DEFAULT 'default' NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`window_start` text,
	`window_end` text,
	`deadline` text,
	`buffer_minutes` integer DEFAULT 45 NOT NULL,
	`max_wait_minutes` integer DEFAULT 120 NOT NULL,
	`seats` integer DEFAULT 8 NOT NULL,
	`lead_minutes` integer DEFAULT 180 NOT NULL,
	`updated_at` text NOT NULL
);
