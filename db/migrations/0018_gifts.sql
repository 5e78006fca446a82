CREATE TABLE `gift_funds` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`title_pt` text,
	`text` text,
	`text_pt` text,
	`image_id` text,
	`goal` integer,
	`show_total` integer DEFAULT false NOT NULL,
	`show_names` integer DEFAULT false NOT NULL,
	`opens_at` text,
	`closes_at` text,
	`reference` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gift_funds_reference_unique` ON `gift_funds` (`reference`);--> statement-breakpoint
CREATE TABLE `gifts` (
	`id` text PRIMARY KEY NOT NULL,
	`fund_id` text NOT NULL,
	`party_id` text,
	`guest_id` text,
	`giver_name` text NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`amount` integer NOT NULL,
	`received_amount` integer,
	`message` text,
	`reference` text,
	`status` text DEFAULT 'promised' NOT NULL,
	`received_at` text,
	`thanked_at` text,
	`bank_transaction_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`fund_id`) REFERENCES `gift_funds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`bank_transaction_id`) REFERENCES `bank_transactions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gifts_reference_unique` ON `gifts` (`reference`);--> statement-breakpoint
CREATE INDEX `gifts_fund_idx` ON `gifts` (`fund_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `gifts_party_idx` ON `gifts` (`party_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `gifts_bank_transaction_unique` ON `gifts` (`bank_transaction_id`);