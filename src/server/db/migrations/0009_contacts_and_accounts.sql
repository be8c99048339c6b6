CREATE TABLE "duplicate_candidates" (
	"resource" text NOT NULL,
	"first_id" integer NOT NULL,
	"second_id" integer NOT NULL,
	"score" integer NOT NULL,
	"similarity" double precision NOT NULL,
	"reasons" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "duplicate_candidates_resource_first_id_second_id_pk" PRIMARY KEY("resource","first_id","second_id")
);
--> statement-breakpoint
CREATE TABLE "duplicate_dismissals" (
	"resource" text NOT NULL,
	"first_id" integer NOT NULL,
	"second_id" integer NOT NULL,
	"dismissed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "duplicate_dismissals_resource_first_id_second_id_pk" PRIMARY KEY("resource","first_id","second_id")
);
--> statement-breakpoint
CREATE TABLE "duplicate_scans" (
	"resource" text PRIMARY KEY NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "geocoded_addresses" (
	"query" text PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_job_changes" (
	"job_id" integer NOT NULL,
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"previous" jsonb NOT NULL,
	CONSTRAINT "import_job_changes_job_id_resource_record_id_pk" PRIMARY KEY("job_id","resource","record_id")
);
--> statement-breakpoint
CREATE TABLE "import_job_creations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_job_creations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"resource" text NOT NULL,
	"record_ids" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_job_rejections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_job_rejections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"step" text NOT NULL,
	"row" integer NOT NULL,
	"field" text,
	"message" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"format" text NOT NULL,
	"encoding" text DEFAULT 'utf-8' NOT NULL,
	"sheets" text[] DEFAULT '{}'::text[] NOT NULL,
	"row_counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"config" jsonb,
	"simulated_config" jsonb,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"run" text,
	"step" text,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"results" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text DEFAULT '' NOT NULL,
	"type" text,
	"numeric_columns" boolean DEFAULT false NOT NULL,
	"header" boolean DEFAULT true NOT NULL,
	"sheet" integer DEFAULT 0,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "record_merges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_merges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"resource" text NOT NULL,
	"kept_id" integer NOT NULL,
	"removed_id" integer NOT NULL,
	"removed_title" text NOT NULL,
	"removed_values" jsonb NOT NULL,
	"choices" jsonb NOT NULL,
	"moved_links" integer DEFAULT 0 NOT NULL,
	"merged_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "login_history" ADD COLUMN "impersonator" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "area" text DEFAULT 'back_office' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_id" integer;--> statement-breakpoint
ALTER TABLE "structures" ADD COLUMN "activity" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "structures" ADD COLUMN "service" integer;--> statement-breakpoint
ALTER TABLE "structures" ADD COLUMN "insee_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "structures" ADD COLUMN "qualifications" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "structures" ADD COLUMN "additional_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "main_permission" text;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job_changes" ADD CONSTRAINT "import_job_changes_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job_creations" ADD CONSTRAINT "import_job_creations_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job_rejections" ADD CONSTRAINT "import_job_rejections_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_templates" ADD CONSTRAINT "import_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_templates" ADD CONSTRAINT "import_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_merges" ADD CONSTRAINT "record_merges_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_candidates_score_idx" ON "duplicate_candidates" USING btree ("resource","score" DESC NULLS LAST,"first_id","second_id");--> statement-breakpoint
CREATE INDEX "import_job_creations_job_idx" ON "import_job_creations" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "import_job_rejections_job_idx" ON "import_job_rejections" USING btree ("job_id","step","row");--> statement-breakpoint
CREATE INDEX "import_jobs_user_id_idx" ON "import_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "import_templates_name_search_idx" ON "import_templates" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "import_templates_name_sort_idx" ON "import_templates" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "record_merges_kept_idx" ON "record_merges" USING btree ("resource","kept_id");--> statement-breakpoint
ALTER TABLE "login_history" ADD CONSTRAINT "login_history_impersonator_users_id_fk" FOREIGN KEY ("impersonator") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_service_services_id_fk" FOREIGN KEY ("service") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "individuals_structures_idx" ON "individuals" USING gin ("structures" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "structures_parents_idx" ON "structures" USING gin ("parents");