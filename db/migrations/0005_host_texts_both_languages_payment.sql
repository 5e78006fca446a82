ALTER TABLE `event_config` ADD `event_title_pt` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `event_date_pt` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `event_time_pt` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `venue_name_pt` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `venue_address_pt` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `venue_directions_pt` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `dress_code_pt` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `welcome_message_pt` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `room_confirmation_message_pt` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `payment` text;--> statement-breakpoint
ALTER TABLE `event_config` ADD `schedule` text DEFAULT '[{"day":"Day 1 (June 12th)","dayPt":"Dia 1 (12 de junho)","items":[{"time":"4:30-6:30 PM","timePt":"16:30-18:30","title":"Welcome Reception and Tapas","titlePt":"Receção de boas-vindas e tapas"}]},{"day":"Day 2 (June 13th)","dayPt":"Dia 2 (13 de junho)","items":[{"time":"6:00-7:30 PM","timePt":"18:00-19:30","title":"Welcome Reception and Snacks","titlePt":"Receção de boas-vindas e petiscos"},{"time":"7:30-10:00 PM","timePt":"19:30-22:00","title":"Dinner and Party","titlePt":"Jantar e festa"},{"time":"10:00 PM-2:00 AM","timePt":"22:00-02:00","title":"Dancing and Celebration","titlePt":"Dança e celebração"}]}]' NOT NULL;--> statement-breakpoint
ALTER TABLE `event_config` ADD `gallery` text DEFAULT '[{"url":"art:villa-pool","caption":"Villa & Pool","captionPt":"Villa e piscina"},{"url":"art:vineyard","caption":"The Vineyard","captionPt":"A vinha"}]' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `title_pt` text;--> statement-breakpoint
ALTER TABLE `events` ADD `date_pt` text;--> statement-breakpoint
ALTER TABLE `events` ADD `time_from_pt` text;--> statement-breakpoint
ALTER TABLE `events` ADD `time_to_pt` text;--> statement-breakpoint
ALTER TABLE `events` ADD `description_pt` text;--> statement-breakpoint
ALTER TABLE `room_types` ADD `name_pt` text;--> statement-breakpoint
ALTER TABLE `room_types` ADD `location_pt` text;--> statement-breakpoint
ALTER TABLE `room_types` ADD `description_pt` text;--> statement-breakpoint
ALTER TABLE `room_types` ADD `facilities_pt` text DEFAULT '[]' NOT NULL;