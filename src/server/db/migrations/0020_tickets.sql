CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user" integer,
	"kind" text,
	"ticket" integer,
	"step" integer,
	"seen" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "sub_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sub_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket" integer,
	"text" text DEFAULT '' NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket" integer,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "ticket_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket" integer,
	"title" text DEFAULT '' NOT NULL,
	"file" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "ticket_transitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_transitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket" integer,
	"from_step" integer,
	"to_step" integer,
	"from_status" text,
	"to_status" text,
	"comment" text DEFAULT '' NOT NULL,
	"characteristics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text DEFAULT '' NOT NULL,
	"project" integer,
	"mission" integer,
	"domain" integer,
	"task_type" integer,
	"color" text DEFAULT '' NOT NULL,
	"step" integer,
	"status" text,
	"deadline" date,
	"estimate" integer,
	"attributions" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"notified_users" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"linked_ticket" integer,
	"blocking_type" text,
	"description" text DEFAULT '' NOT NULL,
	"show_on_kanban" boolean DEFAULT true NOT NULL,
	"show_on_dashboard" boolean DEFAULT false NOT NULL,
	"warn_project" boolean DEFAULT false NOT NULL,
	"add_referent" boolean DEFAULT false NOT NULL,
	"board_position" integer,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket" integer,
	"description" text DEFAULT '' NOT NULL,
	"worked_minutes" integer,
	"worked_on" date,
	"user" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_users_id_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_ticket_tickets_id_fk" FOREIGN KEY ("ticket") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_step_steps_id_fk" FOREIGN KEY ("step") REFERENCES "public"."steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_tasks" ADD CONSTRAINT "sub_tasks_ticket_tickets_id_fk" FOREIGN KEY ("ticket") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_tasks" ADD CONSTRAINT "sub_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_tasks" ADD CONSTRAINT "sub_tasks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_tickets_id_fk" FOREIGN KEY ("ticket") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_documents" ADD CONSTRAINT "ticket_documents_ticket_tickets_id_fk" FOREIGN KEY ("ticket") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_documents" ADD CONSTRAINT "ticket_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_documents" ADD CONSTRAINT "ticket_documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transitions" ADD CONSTRAINT "ticket_transitions_ticket_tickets_id_fk" FOREIGN KEY ("ticket") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transitions" ADD CONSTRAINT "ticket_transitions_from_step_steps_id_fk" FOREIGN KEY ("from_step") REFERENCES "public"."steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transitions" ADD CONSTRAINT "ticket_transitions_to_step_steps_id_fk" FOREIGN KEY ("to_step") REFERENCES "public"."steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transitions" ADD CONSTRAINT "ticket_transitions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transitions" ADD CONSTRAINT "ticket_transitions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_mission_missions_id_fk" FOREIGN KEY ("mission") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_domain_project_themes_id_fk" FOREIGN KEY ("domain") REFERENCES "public"."project_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_task_type_task_types_id_fk" FOREIGN KEY ("task_type") REFERENCES "public"."task_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_step_steps_id_fk" FOREIGN KEY ("step") REFERENCES "public"."steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_linked_ticket_tickets_id_fk" FOREIGN KEY ("linked_ticket") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_ticket_tickets_id_fk" FOREIGN KEY ("ticket") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_users_id_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_kind_filter_idx" ON "notifications" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "notifications_ticket_filter_idx" ON "notifications" USING btree ("ticket");--> statement-breakpoint
CREATE INDEX "notifications_seen_filter_idx" ON "notifications" USING btree ("seen");--> statement-breakpoint
CREATE INDEX "notifications_archived_filter_idx" ON "notifications" USING btree ("archived");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user","archived","seen");--> statement-breakpoint
CREATE INDEX "sub_tasks_ticket_filter_idx" ON "sub_tasks" USING btree ("ticket");--> statement-breakpoint
CREATE INDEX "sub_tasks_text_search_idx" ON "sub_tasks" USING gin (immutable_unaccent("text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sub_tasks_done_filter_idx" ON "sub_tasks" USING btree ("done");--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_filter_idx" ON "ticket_comments" USING btree ("ticket");--> statement-breakpoint
CREATE INDEX "ticket_comments_comment_search_idx" ON "ticket_comments" USING gin (immutable_unaccent("comment") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_documents_ticket_filter_idx" ON "ticket_documents" USING btree ("ticket");--> statement-breakpoint
CREATE INDEX "ticket_documents_title_search_idx" ON "ticket_documents" USING gin (immutable_unaccent("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_documents_title_sort_idx" ON "ticket_documents" USING btree (immutable_unaccent(lower("title")));--> statement-breakpoint
CREATE INDEX "ticket_documents_file_search_idx" ON "ticket_documents" USING gin (immutable_unaccent("file") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_transitions_ticket_filter_idx" ON "ticket_transitions" USING btree ("ticket");--> statement-breakpoint
CREATE INDEX "ticket_transitions_from_step_filter_idx" ON "ticket_transitions" USING btree ("from_step");--> statement-breakpoint
CREATE INDEX "ticket_transitions_to_step_filter_idx" ON "ticket_transitions" USING btree ("to_step");--> statement-breakpoint
CREATE INDEX "ticket_transitions_comment_search_idx" ON "ticket_transitions" USING gin (immutable_unaccent("comment") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_name_search_idx" ON "tickets" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_name_sort_idx" ON "tickets" USING btree (immutable_unaccent(lower("name")));--> statement-breakpoint
CREATE INDEX "tickets_project_filter_idx" ON "tickets" USING btree ("project");--> statement-breakpoint
CREATE INDEX "tickets_mission_filter_idx" ON "tickets" USING btree ("mission");--> statement-breakpoint
CREATE INDEX "tickets_domain_filter_idx" ON "tickets" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "tickets_task_type_filter_idx" ON "tickets" USING btree ("task_type");--> statement-breakpoint
CREATE INDEX "tickets_step_filter_idx" ON "tickets" USING btree ("step");--> statement-breakpoint
CREATE INDEX "tickets_status_filter_idx" ON "tickets" USING btree ("status");--> statement-breakpoint
CREATE INDEX "tickets_deadline_sort_idx" ON "tickets" USING btree ("deadline");--> statement-breakpoint
CREATE INDEX "tickets_attributions_any_idx" ON "tickets" USING gin ("attributions");--> statement-breakpoint
CREATE INDEX "tickets_show_on_kanban_filter_idx" ON "tickets" USING btree ("show_on_kanban");--> statement-breakpoint
CREATE INDEX "tickets_show_on_dashboard_filter_idx" ON "tickets" USING btree ("show_on_dashboard");--> statement-breakpoint
CREATE INDEX "tickets_board_idx" ON "tickets" USING btree ("step","board_position") WHERE "tickets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "time_entries_ticket_filter_idx" ON "time_entries" USING btree ("ticket");--> statement-breakpoint
CREATE INDEX "time_entries_description_search_idx" ON "time_entries" USING gin (immutable_unaccent("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "time_entries_worked_on_sort_idx" ON "time_entries" USING btree ("worked_on");--> statement-breakpoint
CREATE INDEX "time_entries_user_filter_idx" ON "time_entries" USING btree ("user");