ALTER TABLE `admins` ADD `signed_in_origin` text;--> statement-breakpoint
ALTER TABLE `admins` ADD `signed_in_at` text;