CREATE TABLE "project_characteristics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_characteristics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project" integer NOT NULL,
	"field" integer NOT NULL,
	"text_value" text,
	"number_value" double precision,
	"date_value" date,
	"json_value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "form_fields" ADD COLUMN "iframe_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_characteristics" ADD CONSTRAINT "project_characteristics_project_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_characteristics" ADD CONSTRAINT "project_characteristics_field_form_fields_id_fk" FOREIGN KEY ("field") REFERENCES "public"."form_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_characteristics_project_field_idx" ON "project_characteristics" USING btree ("project","field");--> statement-breakpoint
CREATE INDEX "project_characteristics_filter_idx" ON "project_characteristics" USING btree ("field",immutable_unaccent(lower("text_value")));--> statement-breakpoint
CREATE INDEX "project_characteristics_choices_idx" ON "project_characteristics" USING gin ("json_value" jsonb_path_ops);