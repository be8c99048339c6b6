DROP INDEX "individuals_postal_code_filter_idx";--> statement-breakpoint
CREATE INDEX "access_profiles_title_prefix_idx" ON "access_profiles" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "communes_title_prefix_idx" ON "communes" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "contact_types_title_prefix_idx" ON "contact_types" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "document_types_title_prefix_idx" ON "document_types" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "form_fields_title_prefix_idx" ON "form_fields" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "forms_title_prefix_idx" ON "forms" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "individuals_title_prefix_idx" ON "individuals" USING btree ((immutable_unaccent(lower(("last_name" || coalesce(' ' || nullif("first_name", ''), '')))) collate "C"));--> statement-breakpoint
CREATE INDEX "individuals_title_search_idx" ON "individuals" USING gin (immutable_unaccent(("last_name" || coalesce(' ' || nullif("first_name", ''), ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "internal_comment_types_title_prefix_idx" ON "internal_comment_types" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "meeting_types_title_prefix_idx" ON "meeting_types" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "missions_title_prefix_idx" ON "missions" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "partner_references_title_prefix_idx" ON "partner_references" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "project_states_title_prefix_idx" ON "project_states" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "project_templates_title_prefix_idx" ON "project_templates" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "project_themes_title_prefix_idx" ON "project_themes" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "project_types_title_prefix_idx" ON "project_types" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "projects_title_prefix_idx" ON "projects" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "services_title_prefix_idx" ON "services" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "steps_title_prefix_idx" ON "steps" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "structures_title_prefix_idx" ON "structures" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "task_types_title_prefix_idx" ON "task_types" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "tickets_title_prefix_idx" ON "tickets" USING btree ((immutable_unaccent(lower(("name"))) collate "C"));--> statement-breakpoint
CREATE INDEX "individuals_postal_code_filter_idx" ON "individuals" USING btree ("postal_code" text_pattern_ops);