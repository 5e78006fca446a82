CREATE TABLE `email_sign_in_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`email_hash` text NOT NULL,
	`party_id` text,
	`guest_id` text,
	`code_hash` text NOT NULL,
	`token_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_sign_in_codes_token_hash_unique` ON `email_sign_in_codes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_sign_in_codes_email_idx` ON `email_sign_in_codes` (`email_hash`,`created_at`);--> statement-breakpoint
ALTER TABLE `auth_settings` ADD `email_code_required` integer DEFAULT false NOT NULL;