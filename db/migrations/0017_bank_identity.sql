CREATE TABLE `bank_transaction_keys` (
	`key` text NOT NULL,
	`transaction_id` text NOT NULL,
	PRIMARY KEY(`key`, `transaction_id`),
	FOREIGN KEY (`transaction_id`) REFERENCES `bank_transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bank_transaction_keys_transaction_idx` ON `bank_transaction_keys` (`transaction_id`);--> statement-breakpoint
ALTER TABLE `bank_imports` ADD `possible_duplicates` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bank_imports` ADD `skipped` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `duplicate_of` text REFERENCES bank_transactions(id);--> statement-breakpoint
CREATE INDEX `bank_transactions_amount_idx` ON `bank_transactions` (`amount`,`date`);--> statement-breakpoint
-- Issue 35: the transactions stored before keep being known by their key.
INSERT INTO `bank_transaction_keys` (`key`, `transaction_id`) SELECT `dedupe_key`, `id` FROM `bank_transactions`;
