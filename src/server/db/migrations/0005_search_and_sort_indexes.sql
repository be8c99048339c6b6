CREATE INDEX "contact_types_name_search_idx" ON "contact_types" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_types_name_sort_idx" ON "contact_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "document_types_name_search_idx" ON "document_types" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "document_types_name_sort_idx" ON "document_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "internal_comment_types_name_search_idx" ON "internal_comment_types" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "internal_comment_types_name_sort_idx" ON "internal_comment_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "meeting_types_name_search_idx" ON "meeting_types" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "meeting_types_name_sort_idx" ON "meeting_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "partner_references_name_search_idx" ON "partner_references" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partner_references_name_sort_idx" ON "partner_references" USING btree ("name");--> statement-breakpoint
CREATE INDEX "project_states_name_search_idx" ON "project_states" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_states_name_sort_idx" ON "project_states" USING btree ("name");--> statement-breakpoint
CREATE INDEX "project_templates_name_search_idx" ON "project_templates" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_templates_name_sort_idx" ON "project_templates" USING btree ("name");--> statement-breakpoint
CREATE INDEX "project_themes_name_search_idx" ON "project_themes" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_themes_name_sort_idx" ON "project_themes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "task_types_name_search_idx" ON "task_types" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "useful_links_name_search_idx" ON "useful_links" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "useful_links_name_sort_idx" ON "useful_links" USING btree ("name");--> statement-breakpoint
CREATE INDEX "useful_links_url_search_idx" ON "useful_links" USING gin (immutable_unaccent("url") gin_trgm_ops);