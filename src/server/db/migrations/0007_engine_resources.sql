CREATE TABLE "form_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "form_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'text',
	"autocomplete" boolean DEFAULT false NOT NULL,
	"highlight_color" text DEFAULT '' NOT NULL,
	"bold" boolean DEFAULT false NOT NULL,
	"font_size" integer DEFAULT 21,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"thousands_separator" boolean DEFAULT false NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"states" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text DEFAULT '' NOT NULL,
	"columns" integer DEFAULT 2,
	"project_themes" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"project_types" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"fields" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"excluded_from_project_export" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "missions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text DEFAULT '' NOT NULL,
	"acronym" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "project_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text DEFAULT '' NOT NULL,
	"missions" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "steps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"validation_step" boolean DEFAULT false NOT NULL,
	"reachable_steps" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"transitions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notify_on_entry" boolean DEFAULT false NOT NULL,
	"notify_on_exit" boolean DEFAULT false NOT NULL,
	"notified_on_entry" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"notified_on_exit" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "task_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text DEFAULT '' NOT NULL,
	"project_type" integer,
	"ticket_color" text DEFAULT '' NOT NULL,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "template_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "template_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text DEFAULT '' NOT NULL,
	"file" text DEFAULT '' NOT NULL,
	"project_types" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
DROP INDEX "communes_insee_code_sort_idx";--> statement-breakpoint
DROP INDEX "communes_name_sort_idx";--> statement-breakpoint
DROP INDEX "communes_department_sort_idx";--> statement-breakpoint
DROP INDEX "contact_types_name_sort_idx";--> statement-breakpoint
DROP INDEX "document_types_name_sort_idx";--> statement-breakpoint
DROP INDEX "internal_comment_types_name_sort_idx";--> statement-breakpoint
DROP INDEX "meeting_types_name_sort_idx";--> statement-breakpoint
DROP INDEX "partner_references_name_sort_idx";--> statement-breakpoint
DROP INDEX "project_states_name_sort_idx";--> statement-breakpoint
DROP INDEX "project_templates_name_sort_idx";--> statement-breakpoint
DROP INDEX "project_themes_name_sort_idx";--> statement-breakpoint
DROP INDEX "useful_links_name_sort_idx";--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_types" ADD CONSTRAINT "project_types_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_types" ADD CONSTRAINT "project_types_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_templates" ADD CONSTRAINT "task_templates_project_type_project_types_id_fk" FOREIGN KEY ("project_type") REFERENCES "public"."project_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_templates" ADD CONSTRAINT "task_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_templates" ADD CONSTRAINT "task_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_files" ADD CONSTRAINT "template_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_files" ADD CONSTRAINT "template_files_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_fields_name_search_idx" ON "form_fields" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "form_fields_name_sort_idx" ON "form_fields" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "forms_name_search_idx" ON "forms" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forms_name_sort_idx" ON "forms" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "missions_name_search_idx" ON "missions" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "missions_name_sort_idx" ON "missions" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "missions_acronym_search_idx" ON "missions" USING gin (immutable_unaccent("acronym") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "missions_acronym_sort_idx" ON "missions" USING btree (immutable_unaccent(lower("acronym")));--> statement-breakpoint
CREATE INDEX "project_types_name_search_idx" ON "project_types" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_types_name_sort_idx" ON "project_types" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "steps_name_search_idx" ON "steps" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "task_templates_name_search_idx" ON "task_templates" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "task_templates_name_sort_idx" ON "task_templates" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "template_files_name_search_idx" ON "template_files" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_files_name_sort_idx" ON "template_files" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "communes_insee_code_sort_idx" ON "communes" USING btree (immutable_unaccent(lower("insee_code")));--> statement-breakpoint
CREATE INDEX "communes_name_sort_idx" ON "communes" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "communes_department_sort_idx" ON "communes" USING btree (immutable_unaccent(lower("department")));--> statement-breakpoint
CREATE INDEX "contact_types_name_sort_idx" ON "contact_types" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "document_types_name_sort_idx" ON "document_types" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "internal_comment_types_name_sort_idx" ON "internal_comment_types" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "meeting_types_name_sort_idx" ON "meeting_types" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "partner_references_name_sort_idx" ON "partner_references" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "project_states_name_sort_idx" ON "project_states" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "project_templates_name_sort_idx" ON "project_templates" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "project_themes_name_sort_idx" ON "project_themes" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "useful_links_name_sort_idx" ON "useful_links" USING btree (immutable_unaccent(lower("name")));