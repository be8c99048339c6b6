CREATE TABLE "project_co_owners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_co_owners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project" integer,
	"role" text DEFAULT '' NOT NULL,
	"individual" integer,
	"structure" integer,
	"liaison_officer" integer,
	"comments" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "project_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project" integer,
	"subject" text DEFAULT '' NOT NULL,
	"act_date" date,
	"adviser" integer,
	"act_type" text,
	"ademe" boolean DEFAULT false NOT NULL,
	"ademe_number" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"information_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"service_continuation" text[] DEFAULT '{}'::text[] NOT NULL,
	"upcoming_appointment" date,
	"customer_question" text DEFAULT '' NOT NULL,
	"adviser_answer" text DEFAULT '' NOT NULL,
	"audit_report_handed_over" boolean DEFAULT false NOT NULL,
	"duration_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "project_partners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project" integer,
	"role" text DEFAULT '' NOT NULL,
	"individual" integer,
	"structure" integer,
	"partner_reference" integer,
	"liaison_officer" integer,
	"comments" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "project_reference_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"template" integer,
	"state" integer,
	"status" text DEFAULT 'internal',
	"theme" integer,
	"parent_project" integer,
	"owner_individual" integer,
	"owner_structure" integer,
	"trusted_third_parties" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"missions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mission_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"project_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"referents" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"special_points" text DEFAULT '' NOT NULL,
	"priority" boolean DEFAULT false NOT NULL,
	"valuable" boolean DEFAULT false NOT NULL,
	"show_on_dashboard" boolean DEFAULT false NOT NULL,
	"creation_date" date,
	"last_intervention_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "project_co_owners" ADD CONSTRAINT "project_co_owners_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_co_owners" ADD CONSTRAINT "project_co_owners_individual_individuals_id_fk" FOREIGN KEY ("individual") REFERENCES "public"."individuals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_co_owners" ADD CONSTRAINT "project_co_owners_structure_structures_id_fk" FOREIGN KEY ("structure") REFERENCES "public"."structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_co_owners" ADD CONSTRAINT "project_co_owners_liaison_officer_users_id_fk" FOREIGN KEY ("liaison_officer") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_co_owners" ADD CONSTRAINT "project_co_owners_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_co_owners" ADD CONSTRAINT "project_co_owners_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_comments" ADD CONSTRAINT "project_comments_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_comments" ADD CONSTRAINT "project_comments_adviser_users_id_fk" FOREIGN KEY ("adviser") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_comments" ADD CONSTRAINT "project_comments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_comments" ADD CONSTRAINT "project_comments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_partners" ADD CONSTRAINT "project_partners_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_partners" ADD CONSTRAINT "project_partners_individual_individuals_id_fk" FOREIGN KEY ("individual") REFERENCES "public"."individuals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_partners" ADD CONSTRAINT "project_partners_structure_structures_id_fk" FOREIGN KEY ("structure") REFERENCES "public"."structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_partners" ADD CONSTRAINT "project_partners_partner_reference_partner_references_id_fk" FOREIGN KEY ("partner_reference") REFERENCES "public"."partner_references"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_partners" ADD CONSTRAINT "project_partners_liaison_officer_users_id_fk" FOREIGN KEY ("liaison_officer") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_partners" ADD CONSTRAINT "project_partners_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_partners" ADD CONSTRAINT "project_partners_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_template_project_templates_id_fk" FOREIGN KEY ("template") REFERENCES "public"."project_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_state_project_states_id_fk" FOREIGN KEY ("state") REFERENCES "public"."project_states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_theme_project_themes_id_fk" FOREIGN KEY ("theme") REFERENCES "public"."project_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_parent_project_projects_id_fk" FOREIGN KEY ("parent_project") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_individual_individuals_id_fk" FOREIGN KEY ("owner_individual") REFERENCES "public"."individuals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_structure_structures_id_fk" FOREIGN KEY ("owner_structure") REFERENCES "public"."structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_co_owners_project_filter_idx" ON "project_co_owners" USING btree ("project");--> statement-breakpoint
CREATE INDEX "project_co_owners_role_search_idx" ON "project_co_owners" USING gin (immutable_unaccent("role") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_co_owners_role_sort_idx" ON "project_co_owners" USING btree (immutable_unaccent(lower("role")));--> statement-breakpoint
CREATE INDEX "project_co_owners_individual_filter_idx" ON "project_co_owners" USING btree ("individual");--> statement-breakpoint
CREATE INDEX "project_co_owners_structure_filter_idx" ON "project_co_owners" USING btree ("structure");--> statement-breakpoint
CREATE INDEX "project_co_owners_liaison_officer_filter_idx" ON "project_co_owners" USING btree ("liaison_officer");--> statement-breakpoint
CREATE INDEX "project_co_owners_project_idx" ON "project_co_owners" USING btree ("project");--> statement-breakpoint
CREATE INDEX "project_comments_project_filter_idx" ON "project_comments" USING btree ("project");--> statement-breakpoint
CREATE INDEX "project_comments_subject_search_idx" ON "project_comments" USING gin (immutable_unaccent("subject") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_comments_subject_sort_idx" ON "project_comments" USING btree (immutable_unaccent(lower("subject")));--> statement-breakpoint
CREATE INDEX "project_comments_act_date_sort_idx" ON "project_comments" USING btree ("act_date");--> statement-breakpoint
CREATE INDEX "project_comments_act_date_filter_idx" ON "project_comments" USING btree ("act_date");--> statement-breakpoint
CREATE INDEX "project_comments_adviser_filter_idx" ON "project_comments" USING btree ("adviser");--> statement-breakpoint
CREATE INDEX "project_comments_act_type_filter_idx" ON "project_comments" USING btree ("act_type");--> statement-breakpoint
CREATE INDEX "project_comments_ademe_filter_idx" ON "project_comments" USING btree ("ademe");--> statement-breakpoint
CREATE INDEX "project_comments_project_idx" ON "project_comments" USING btree ("project");--> statement-breakpoint
CREATE INDEX "project_partners_project_filter_idx" ON "project_partners" USING btree ("project");--> statement-breakpoint
CREATE INDEX "project_partners_role_search_idx" ON "project_partners" USING gin (immutable_unaccent("role") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_partners_role_sort_idx" ON "project_partners" USING btree (immutable_unaccent(lower("role")));--> statement-breakpoint
CREATE INDEX "project_partners_individual_filter_idx" ON "project_partners" USING btree ("individual");--> statement-breakpoint
CREATE INDEX "project_partners_structure_filter_idx" ON "project_partners" USING btree ("structure");--> statement-breakpoint
CREATE INDEX "project_partners_partner_reference_filter_idx" ON "project_partners" USING btree ("partner_reference");--> statement-breakpoint
CREATE INDEX "project_partners_liaison_officer_filter_idx" ON "project_partners" USING btree ("liaison_officer");--> statement-breakpoint
CREATE INDEX "project_partners_project_idx" ON "project_partners" USING btree ("project");--> statement-breakpoint
CREATE INDEX "projects_name_search_idx" ON "projects" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_sort_idx" ON "projects" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "projects_reference_search_idx" ON "projects" USING gin (immutable_unaccent("reference") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_reference_sort_idx" ON "projects" USING btree (immutable_unaccent(lower("reference")));--> statement-breakpoint
CREATE UNIQUE INDEX "projects_reference_unique_idx" ON "projects" USING btree ("reference") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_state_filter_idx" ON "projects" USING btree ("state");--> statement-breakpoint
CREATE INDEX "projects_status_filter_idx" ON "projects" USING btree ("status");--> statement-breakpoint
CREATE INDEX "projects_theme_filter_idx" ON "projects" USING btree ("theme");--> statement-breakpoint
CREATE INDEX "projects_parent_project_filter_idx" ON "projects" USING btree ("parent_project");--> statement-breakpoint
CREATE INDEX "projects_owner_individual_filter_idx" ON "projects" USING btree ("owner_individual");--> statement-breakpoint
CREATE INDEX "projects_owner_structure_filter_idx" ON "projects" USING btree ("owner_structure");--> statement-breakpoint
CREATE INDEX "projects_mission_ids_any_idx" ON "projects" USING gin ("mission_ids");--> statement-breakpoint
CREATE INDEX "projects_project_type_ids_any_idx" ON "projects" USING gin ("project_type_ids");--> statement-breakpoint
CREATE INDEX "projects_referents_any_idx" ON "projects" USING gin ("referents");--> statement-breakpoint
CREATE INDEX "projects_priority_filter_idx" ON "projects" USING btree ("priority");--> statement-breakpoint
CREATE INDEX "projects_valuable_filter_idx" ON "projects" USING btree ("valuable");--> statement-breakpoint
CREATE INDEX "projects_show_on_dashboard_filter_idx" ON "projects" USING btree ("show_on_dashboard");--> statement-breakpoint
CREATE INDEX "projects_creation_date_sort_idx" ON "projects" USING btree ("creation_date");--> statement-breakpoint
CREATE INDEX "projects_creation_date_filter_idx" ON "projects" USING btree ("creation_date");--> statement-breakpoint
CREATE INDEX "projects_last_intervention_date_sort_idx" ON "projects" USING btree ("last_intervention_date");--> statement-breakpoint
CREATE INDEX "projects_last_intervention_date_filter_idx" ON "projects" USING btree ("last_intervention_date");--> statement-breakpoint
CREATE INDEX "projects_mission_ids_idx" ON "projects" USING gin ("mission_ids");