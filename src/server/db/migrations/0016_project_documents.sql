CREATE TABLE "project_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project" integer,
	"title" text DEFAULT '' NOT NULL,
	"document_type" integer,
	"file" text DEFAULT '' NOT NULL,
	"added_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "project_documents" ADD CONSTRAINT "project_documents_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_documents" ADD CONSTRAINT "project_documents_document_type_document_types_id_fk" FOREIGN KEY ("document_type") REFERENCES "public"."document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_documents" ADD CONSTRAINT "project_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_documents" ADD CONSTRAINT "project_documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_documents_project_filter_idx" ON "project_documents" USING btree ("project");--> statement-breakpoint
CREATE INDEX "project_documents_title_search_idx" ON "project_documents" USING gin (immutable_unaccent("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_documents_title_sort_idx" ON "project_documents" USING btree (immutable_unaccent(lower("title")));--> statement-breakpoint
CREATE INDEX "project_documents_document_type_filter_idx" ON "project_documents" USING btree ("document_type");--> statement-breakpoint
CREATE INDEX "project_documents_file_search_idx" ON "project_documents" USING gin (immutable_unaccent("file") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_documents_added_on_sort_idx" ON "project_documents" USING btree ("added_on");--> statement-breakpoint
CREATE INDEX "project_documents_added_on_filter_idx" ON "project_documents" USING btree ("added_on");