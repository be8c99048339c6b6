CREATE TABLE "email_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ademe_a2" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "mail_rate" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"sent" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer,
	"send_at" timestamp with time zone NOT NULL,
	"recipients" integer NOT NULL,
	"project_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"built" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "cc" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "bcc" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "mailing_id" integer;--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "send_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_templates_subject_search_idx" ON "email_templates" USING gin (immutable_unaccent("subject") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_templates_subject_sort_idx" ON "email_templates" USING btree (immutable_unaccent(lower("subject"))) WHERE "email_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "email_templates_ademe_a2_filter_idx" ON "email_templates" USING btree ("ademe_a2") WHERE "email_templates"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_log_project_idx" ON "email_log" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "email_log_mailing_idx" ON "email_log" USING btree ("mailing_id");--> statement-breakpoint
CREATE INDEX "email_log_due_idx" ON "email_log" USING btree ("send_at") WHERE "email_log"."status" in ('scheduled', 'sending');