CREATE INDEX "access_profiles_agglomeration_member_filter_idx" ON "access_profiles" USING btree ("agglomeration_member");--> statement-breakpoint
CREATE INDEX "communes_department_filter_idx" ON "communes" USING gin (immutable_unaccent("department") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_types_updates_insee_code_filter_idx" ON "contact_types" USING btree ("updates_insee_code");--> statement-breakpoint
CREATE INDEX "form_fields_type_filter_idx" ON "form_fields" USING btree ("type");--> statement-breakpoint
CREATE INDEX "form_fields_autocomplete_filter_idx" ON "form_fields" USING btree ("autocomplete");--> statement-breakpoint
CREATE INDEX "forms_project_themes_any_idx" ON "forms" USING gin ("project_themes");--> statement-breakpoint
CREATE INDEX "forms_project_types_any_idx" ON "forms" USING gin ("project_types");--> statement-breakpoint
CREATE INDEX "forms_excluded_from_project_export_filter_idx" ON "forms" USING btree ("excluded_from_project_export");--> statement-breakpoint
CREATE INDEX "import_templates_type_filter_idx" ON "import_templates" USING btree ("type");--> statement-breakpoint
CREATE INDEX "individuals_civility_filter_idx" ON "individuals" USING btree ("civility");--> statement-breakpoint
CREATE INDEX "individuals_postal_code_filter_idx" ON "individuals" USING gin (immutable_unaccent("postal_code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "individuals_commune_filter_idx" ON "individuals" USING btree ("commune");--> statement-breakpoint
CREATE INDEX "login_history_state_filter_idx" ON "login_history" USING btree ("state");--> statement-breakpoint
CREATE INDEX "login_history_application_filter_idx" ON "login_history" USING btree ("application");--> statement-breakpoint
CREATE INDEX "login_history_ip_address_filter_idx" ON "login_history" USING gin (immutable_unaccent("ip_address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "meeting_types_on_kanban_filter_idx" ON "meeting_types" USING btree ("on_kanban");--> statement-breakpoint
CREATE INDEX "meeting_types_upcoming_in_history_filter_idx" ON "meeting_types" USING btree ("upcoming_in_history");--> statement-breakpoint
CREATE INDEX "missions_service_filter_idx" ON "missions" USING btree ("service");--> statement-breakpoint
CREATE INDEX "missions_access_profiles_any_idx" ON "missions" USING gin ("access_profiles");--> statement-breakpoint
CREATE INDEX "missions_all_projects_filter_idx" ON "missions" USING btree ("all_projects");--> statement-breakpoint
CREATE INDEX "project_states_displayed_on_dashboard_filter_idx" ON "project_states" USING btree ("displayed_on_dashboard");--> statement-breakpoint
CREATE INDEX "project_themes_parent_filter_idx" ON "project_themes" USING btree ("parent");--> statement-breakpoint
CREATE INDEX "project_themes_attached_to_watch_filter_idx" ON "project_themes" USING btree ("attached_to_watch");--> statement-breakpoint
CREATE INDEX "project_types_missions_any_idx" ON "project_types" USING gin ("missions");--> statement-breakpoint
CREATE INDEX "services_disable_linked_fields_filter_idx" ON "services" USING btree ("disable_linked_fields");--> statement-breakpoint
CREATE INDEX "steps_done_filter_idx" ON "steps" USING btree ("done");--> statement-breakpoint
CREATE INDEX "steps_validation_step_filter_idx" ON "steps" USING btree ("validation_step");--> statement-breakpoint
CREATE INDEX "structures_contact_type_filter_idx" ON "structures" USING btree ("contact_type");--> statement-breakpoint
CREATE INDEX "structures_public_subtype_filter_idx" ON "structures" USING btree ("public_subtype");--> statement-breakpoint
CREATE INDEX "structures_activity_filter_idx" ON "structures" USING gin (immutable_unaccent("activity") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "structures_service_filter_idx" ON "structures" USING btree ("service");--> statement-breakpoint
CREATE INDEX "structures_insee_code_filter_idx" ON "structures" USING gin (immutable_unaccent("insee_code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "task_templates_project_type_filter_idx" ON "task_templates" USING btree ("project_type");--> statement-breakpoint
CREATE INDEX "template_files_project_types_any_idx" ON "template_files" USING gin ("project_types");