CREATE TABLE `bank_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `bank_transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bank_bookings_transaction_idx` ON `bank_bookings` (`transaction_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bank_bookings_payment_unique` ON `bank_bookings` (`payment_id`);--> statement-breakpoint
CREATE TABLE `bank_csv_mappings` (
	`header_key` text PRIMARY KEY NOT NULL,
	`mapping` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `bank_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`file_name` text,
	`format` text NOT NULL,
	`read_count` integer NOT NULL,
	`new_count` integer NOT NULL,
	`duplicates` integer NOT NULL,
	`booked` integer NOT NULL,
	`proposed` integer NOT NULL,
	`unmatched` integer NOT NULL,
	`ignored` integer NOT NULL,
	`error_count` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `bank_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`dedupe_key` text NOT NULL,
	`bank_id` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`date` text NOT NULL,
	`payer` text,
	`reference` text,
	`status` text NOT NULL,
	`ignore_reason` text,
	`proposed_party_id` text,
	`import_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`proposed_party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`import_id`) REFERENCES `bank_imports`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_transactions_dedupe_key_unique` ON `bank_transactions` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `bank_transactions_status_idx` ON `bank_transactions` (`status`,`date`);