CREATE TABLE `answers` (
	`id` text PRIMARY KEY NOT NULL,
	`question_id` text NOT NULL,
	`party_id` text,
	`guest_id` text,
	`owner_key` text NOT NULL,
	`value` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `answers_question_owner_unique` ON `answers` (`question_id`,`owner_key`);--> statement-breakpoint
CREATE INDEX `answers_party_idx` ON `answers` (`party_id`);--> statement-breakpoint
CREATE INDEX `answers_guest_idx` ON `answers` (`guest_id`);--> statement-breakpoint
CREATE TABLE `question_choices` (
	`id` text PRIMARY KEY NOT NULL,
	`question_id` text NOT NULL,
	`label` text NOT NULL,
	`label_pt` text,
	`retired` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `question_choices_question_idx` ON `question_choices` (`question_id`);--> statement-breakpoint
CREATE TABLE `questions` (
	`id` text PRIMARY KEY NOT NULL,
	`text` text NOT NULL,
	`text_pt` text,
	`help` text,
	`help_pt` text,
	`type` text NOT NULL,
	`per` text DEFAULT 'person' NOT NULL,
	`event_id` text,
	`required` integer DEFAULT false NOT NULL,
	`show_if_question_id` text,
	`show_if_choice_ids` text,
	`host_only` integer DEFAULT false NOT NULL,
	`min` real,
	`max` real,
	`position` integer DEFAULT 0 NOT NULL,
	`retired` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
