ALTER TABLE "form_fields" ADD COLUMN "first_month" text;--> statement-breakpoint
ALTER TABLE "form_fields" ADD COLUMN "last_month" text;