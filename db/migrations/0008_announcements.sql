CREATE TABLE `announcement_recipients` (
	`id` text PRIMARY KEY NOT NULL,
	`announcement_id` text NOT NULL,
	`party_id` text,
	`guest_id` text,
	`whatsapp_at` text,
	FOREIGN KEY (`announcement_id`) REFERENCES `announcements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `announcement_recipients_party_unique` ON `announcement_recipients` (`announcement_id`,`party_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `announcement_recipients_guest_unique` ON `announcement_recipients` (`announcement_id`,`guest_id`);--> statement-breakpoint
CREATE INDEX `announcement_recipients_party_id_idx` ON `announcement_recipients` (`party_id`);--> statement-breakpoint
CREATE INDEX `announcement_recipients_guest_id_idx` ON `announcement_recipients` (`guest_id`);--> statement-breakpoint
CREATE TABLE `announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`subject_pt` text,
	`body_pt` text,
	`audience` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`withdrawn_at` text
);
