DROP INDEX "email_log_created_at_idx";--> statement-breakpoint
UPDATE "email_log" SET "error" = '' WHERE "error" IS NULL;--> statement-breakpoint
ALTER TABLE "email_log" ALTER COLUMN "error" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "email_log" ALTER COLUMN "error" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "date" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "email_log" SET "date" = "created_at";--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "sender" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_log_date_idx" ON "email_log" USING btree ("date");--> statement-breakpoint
CREATE INDEX "email_log_recipient_search_idx" ON "email_log" USING gin (immutable_unaccent("recipient") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_log_subject_search_idx" ON "email_log" USING gin (immutable_unaccent("subject") gin_trgm_ops);
