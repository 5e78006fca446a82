CREATE TABLE `charges` (
	`id` text PRIMARY KEY NOT NULL,
	`party_id` text NOT NULL,
	`label` text NOT NULL,
	`amount` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `charges_party_id_idx` ON `charges` (`party_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`party_id` text NOT NULL,
	`amount` integer NOT NULL,
	`date` text NOT NULL,
	`method` text NOT NULL,
	`note` text,
	`room_assignment_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`room_assignment_id`) REFERENCES `party_room_assignments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payments_party_id_idx` ON `payments` (`party_id`,`date`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_room_assignment_unique` ON `payments` (`room_assignment_id`);--> statement-breakpoint
ALTER TABLE `parties` ADD `payment_reference` text;--> statement-breakpoint
CREATE UNIQUE INDEX `parties_payment_reference_unique` ON `parties` (`payment_reference`);