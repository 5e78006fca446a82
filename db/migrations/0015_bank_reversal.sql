ALTER TABLE `bank_imports` ADD `reversed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `reversal` text;--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `reversal_reported_at` text;--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `reversal_dismissed_at` text;