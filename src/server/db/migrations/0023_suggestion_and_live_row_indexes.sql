DROP INDEX "access_profiles_name_sort_idx";--> statement-breakpoint
DROP INDEX "access_profiles_agglomeration_member_filter_idx";--> statement-breakpoint
DROP INDEX "communes_insee_code_sort_idx";--> statement-breakpoint
DROP INDEX "communes_name_sort_idx";--> statement-breakpoint
DROP INDEX "communes_department_sort_idx";--> statement-breakpoint
DROP INDEX "contact_types_name_sort_idx";--> statement-breakpoint
DROP INDEX "contact_types_updates_insee_code_filter_idx";--> statement-breakpoint
DROP INDEX "document_types_name_sort_idx";--> statement-breakpoint
DROP INDEX "form_fields_name_sort_idx";--> statement-breakpoint
DROP INDEX "form_fields_type_filter_idx";--> statement-breakpoint
DROP INDEX "form_fields_autocomplete_filter_idx";--> statement-breakpoint
DROP INDEX "forms_name_sort_idx";--> statement-breakpoint
DROP INDEX "forms_excluded_from_project_export_filter_idx";--> statement-breakpoint
DROP INDEX "import_templates_name_sort_idx";--> statement-breakpoint
DROP INDEX "import_templates_type_filter_idx";--> statement-breakpoint
DROP INDEX "individuals_civility_filter_idx";--> statement-breakpoint
DROP INDEX "individuals_last_name_sort_idx";--> statement-breakpoint
DROP INDEX "individuals_first_name_sort_idx";--> statement-breakpoint
DROP INDEX "individuals_postal_code_filter_idx";--> statement-breakpoint
DROP INDEX "individuals_commune_filter_idx";--> statement-breakpoint
DROP INDEX "internal_comment_types_name_sort_idx";--> statement-breakpoint
DROP INDEX "login_history_date_sort_idx";--> statement-breakpoint
DROP INDEX "login_history_username_sort_idx";--> statement-breakpoint
DROP INDEX "login_history_state_filter_idx";--> statement-breakpoint
DROP INDEX "login_history_application_filter_idx";--> statement-breakpoint
DROP INDEX "meeting_types_name_sort_idx";--> statement-breakpoint
DROP INDEX "meeting_types_on_kanban_filter_idx";--> statement-breakpoint
DROP INDEX "meeting_types_upcoming_in_history_filter_idx";--> statement-breakpoint
DROP INDEX "missions_name_sort_idx";--> statement-breakpoint
DROP INDEX "missions_acronym_sort_idx";--> statement-breakpoint
DROP INDEX "missions_service_filter_idx";--> statement-breakpoint
DROP INDEX "missions_all_projects_filter_idx";--> statement-breakpoint
DROP INDEX "notifications_kind_filter_idx";--> statement-breakpoint
DROP INDEX "notifications_ticket_filter_idx";--> statement-breakpoint
DROP INDEX "notifications_seen_filter_idx";--> statement-breakpoint
DROP INDEX "notifications_archived_filter_idx";--> statement-breakpoint
DROP INDEX "partner_references_name_sort_idx";--> statement-breakpoint
DROP INDEX "project_co_owners_project_filter_idx";--> statement-breakpoint
DROP INDEX "project_co_owners_role_sort_idx";--> statement-breakpoint
DROP INDEX "project_co_owners_individual_filter_idx";--> statement-breakpoint
DROP INDEX "project_co_owners_structure_filter_idx";--> statement-breakpoint
DROP INDEX "project_co_owners_liaison_officer_filter_idx";--> statement-breakpoint
DROP INDEX "project_comments_project_filter_idx";--> statement-breakpoint
DROP INDEX "project_comments_subject_sort_idx";--> statement-breakpoint
DROP INDEX "project_comments_act_date_sort_idx";--> statement-breakpoint
DROP INDEX "project_comments_adviser_filter_idx";--> statement-breakpoint
DROP INDEX "project_comments_act_type_filter_idx";--> statement-breakpoint
DROP INDEX "project_comments_ademe_filter_idx";--> statement-breakpoint
DROP INDEX "project_documents_project_filter_idx";--> statement-breakpoint
DROP INDEX "project_documents_title_sort_idx";--> statement-breakpoint
DROP INDEX "project_documents_document_type_filter_idx";--> statement-breakpoint
DROP INDEX "project_documents_added_on_sort_idx";--> statement-breakpoint
DROP INDEX "project_partners_project_filter_idx";--> statement-breakpoint
DROP INDEX "project_partners_role_sort_idx";--> statement-breakpoint
DROP INDEX "project_partners_individual_filter_idx";--> statement-breakpoint
DROP INDEX "project_partners_structure_filter_idx";--> statement-breakpoint
DROP INDEX "project_partners_partner_reference_filter_idx";--> statement-breakpoint
DROP INDEX "project_partners_liaison_officer_filter_idx";--> statement-breakpoint
DROP INDEX "project_states_name_sort_idx";--> statement-breakpoint
DROP INDEX "project_states_displayed_on_dashboard_filter_idx";--> statement-breakpoint
DROP INDEX "project_templates_name_sort_idx";--> statement-breakpoint
DROP INDEX "project_themes_name_sort_idx";--> statement-breakpoint
DROP INDEX "project_themes_parent_filter_idx";--> statement-breakpoint
DROP INDEX "project_themes_attached_to_watch_filter_idx";--> statement-breakpoint
DROP INDEX "project_types_name_sort_idx";--> statement-breakpoint
DROP INDEX "projects_name_sort_idx";--> statement-breakpoint
DROP INDEX "projects_reference_sort_idx";--> statement-breakpoint
DROP INDEX "projects_state_filter_idx";--> statement-breakpoint
DROP INDEX "projects_status_filter_idx";--> statement-breakpoint
DROP INDEX "projects_theme_filter_idx";--> statement-breakpoint
DROP INDEX "projects_parent_project_filter_idx";--> statement-breakpoint
DROP INDEX "projects_owner_individual_filter_idx";--> statement-breakpoint
DROP INDEX "projects_owner_structure_filter_idx";--> statement-breakpoint
DROP INDEX "projects_priority_filter_idx";--> statement-breakpoint
DROP INDEX "projects_valuable_filter_idx";--> statement-breakpoint
DROP INDEX "projects_show_on_dashboard_filter_idx";--> statement-breakpoint
DROP INDEX "projects_creation_date_sort_idx";--> statement-breakpoint
DROP INDEX "projects_last_intervention_date_sort_idx";--> statement-breakpoint
DROP INDEX "services_name_sort_idx";--> statement-breakpoint
DROP INDEX "services_disable_linked_fields_filter_idx";--> statement-breakpoint
DROP INDEX "steps_done_filter_idx";--> statement-breakpoint
DROP INDEX "steps_validation_step_filter_idx";--> statement-breakpoint
DROP INDEX "structures_name_sort_idx";--> statement-breakpoint
DROP INDEX "structures_acronym_sort_idx";--> statement-breakpoint
DROP INDEX "structures_contact_type_filter_idx";--> statement-breakpoint
DROP INDEX "structures_public_subtype_filter_idx";--> statement-breakpoint
DROP INDEX "structures_service_filter_idx";--> statement-breakpoint
DROP INDEX "sub_tasks_ticket_filter_idx";--> statement-breakpoint
DROP INDEX "sub_tasks_done_filter_idx";--> statement-breakpoint
DROP INDEX "task_templates_name_sort_idx";--> statement-breakpoint
DROP INDEX "task_templates_project_type_filter_idx";--> statement-breakpoint
DROP INDEX "template_files_name_sort_idx";--> statement-breakpoint
DROP INDEX "ticket_comments_ticket_filter_idx";--> statement-breakpoint
DROP INDEX "ticket_documents_ticket_filter_idx";--> statement-breakpoint
DROP INDEX "ticket_documents_title_sort_idx";--> statement-breakpoint
DROP INDEX "ticket_transitions_ticket_filter_idx";--> statement-breakpoint
DROP INDEX "ticket_transitions_from_step_filter_idx";--> statement-breakpoint
DROP INDEX "ticket_transitions_to_step_filter_idx";--> statement-breakpoint
DROP INDEX "tickets_name_sort_idx";--> statement-breakpoint
DROP INDEX "tickets_project_filter_idx";--> statement-breakpoint
DROP INDEX "tickets_mission_filter_idx";--> statement-breakpoint
DROP INDEX "tickets_domain_filter_idx";--> statement-breakpoint
DROP INDEX "tickets_task_type_filter_idx";--> statement-breakpoint
DROP INDEX "tickets_step_filter_idx";--> statement-breakpoint
DROP INDEX "tickets_status_filter_idx";--> statement-breakpoint
DROP INDEX "tickets_deadline_sort_idx";--> statement-breakpoint
DROP INDEX "tickets_meeting_type_filter_idx";--> statement-breakpoint
DROP INDEX "tickets_show_on_kanban_filter_idx";--> statement-breakpoint
DROP INDEX "tickets_show_on_dashboard_filter_idx";--> statement-breakpoint
DROP INDEX "time_entries_ticket_filter_idx";--> statement-breakpoint
DROP INDEX "time_entries_worked_on_sort_idx";--> statement-breakpoint
DROP INDEX "time_entries_user_filter_idx";--> statement-breakpoint
DROP INDEX "useful_links_name_sort_idx";--> statement-breakpoint
CREATE INDEX "access_profiles_title_prefix_idx" ON "access_profiles" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "access_profiles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "communes_title_prefix_idx" ON "communes" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "communes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contact_types_title_prefix_idx" ON "contact_types" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "contact_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "document_types_title_prefix_idx" ON "document_types" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "document_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "form_fields_title_prefix_idx" ON "form_fields" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "form_fields"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "forms_title_prefix_idx" ON "forms" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "forms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "individuals_title_prefix_idx" ON "individuals" USING btree ((immutable_unaccent(lower(("last_name" || coalesce(' ' || nullif("first_name", ''), '')))) collate "C")) WHERE "individuals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "individuals_title_search_idx" ON "individuals" USING gin (immutable_unaccent(("last_name" || coalesce(' ' || nullif("first_name", ''), ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "internal_comment_types_title_prefix_idx" ON "internal_comment_types" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "internal_comment_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "meeting_types_title_prefix_idx" ON "meeting_types" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "meeting_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "missions_title_prefix_idx" ON "missions" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "missions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "partner_references_title_prefix_idx" ON "partner_references" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "partner_references"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_states_title_prefix_idx" ON "project_states" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "project_states"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_templates_title_prefix_idx" ON "project_templates" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "project_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_themes_title_prefix_idx" ON "project_themes" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "project_themes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_types_title_prefix_idx" ON "project_types" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "project_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_title_prefix_idx" ON "projects" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "services_title_prefix_idx" ON "services" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "services"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "steps_title_prefix_idx" ON "steps" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "steps"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "structures_title_prefix_idx" ON "structures" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "structures"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "task_types_title_prefix_idx" ON "task_types" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "task_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_title_prefix_idx" ON "tickets" USING btree ((immutable_unaccent(lower(("name"))) collate "C")) WHERE "tickets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "access_profiles_name_sort_idx" ON "access_profiles" USING btree (immutable_unaccent(lower("name"))) WHERE "access_profiles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "access_profiles_agglomeration_member_filter_idx" ON "access_profiles" USING btree ("agglomeration_member") WHERE "access_profiles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "communes_insee_code_sort_idx" ON "communes" USING btree (immutable_unaccent(lower("insee_code"))) WHERE "communes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "communes_name_sort_idx" ON "communes" USING btree (immutable_unaccent(lower("name"))) WHERE "communes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "communes_department_sort_idx" ON "communes" USING btree (immutable_unaccent(lower("department"))) WHERE "communes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contact_types_name_sort_idx" ON "contact_types" USING btree (immutable_unaccent(lower("name"))) WHERE "contact_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contact_types_updates_insee_code_filter_idx" ON "contact_types" USING btree ("updates_insee_code") WHERE "contact_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "document_types_name_sort_idx" ON "document_types" USING btree (immutable_unaccent(lower("name"))) WHERE "document_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "form_fields_name_sort_idx" ON "form_fields" USING btree (immutable_unaccent(lower("name"))) WHERE "form_fields"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "form_fields_type_filter_idx" ON "form_fields" USING btree ("type") WHERE "form_fields"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "form_fields_autocomplete_filter_idx" ON "form_fields" USING btree ("autocomplete") WHERE "form_fields"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "forms_name_sort_idx" ON "forms" USING btree (immutable_unaccent(lower("name"))) WHERE "forms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "forms_excluded_from_project_export_filter_idx" ON "forms" USING btree ("excluded_from_project_export") WHERE "forms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "import_templates_name_sort_idx" ON "import_templates" USING btree (immutable_unaccent(lower("name"))) WHERE "import_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "import_templates_type_filter_idx" ON "import_templates" USING btree ("type") WHERE "import_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "individuals_civility_filter_idx" ON "individuals" USING btree ("civility") WHERE "individuals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "individuals_last_name_sort_idx" ON "individuals" USING btree (immutable_unaccent(lower("last_name"))) WHERE "individuals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "individuals_first_name_sort_idx" ON "individuals" USING btree (immutable_unaccent(lower("first_name"))) WHERE "individuals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "individuals_postal_code_filter_idx" ON "individuals" USING btree ("postal_code" text_pattern_ops) WHERE "individuals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "individuals_commune_filter_idx" ON "individuals" USING btree ("commune") WHERE "individuals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "internal_comment_types_name_sort_idx" ON "internal_comment_types" USING btree (immutable_unaccent(lower("name"))) WHERE "internal_comment_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "login_history_date_sort_idx" ON "login_history" USING btree ("date") WHERE "login_history"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "login_history_username_sort_idx" ON "login_history" USING btree (immutable_unaccent(lower("username"))) WHERE "login_history"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "login_history_state_filter_idx" ON "login_history" USING btree ("state") WHERE "login_history"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "login_history_application_filter_idx" ON "login_history" USING btree ("application") WHERE "login_history"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "meeting_types_name_sort_idx" ON "meeting_types" USING btree (immutable_unaccent(lower("name"))) WHERE "meeting_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "meeting_types_on_kanban_filter_idx" ON "meeting_types" USING btree ("on_kanban") WHERE "meeting_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "meeting_types_upcoming_in_history_filter_idx" ON "meeting_types" USING btree ("upcoming_in_history") WHERE "meeting_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "missions_name_sort_idx" ON "missions" USING btree (immutable_unaccent(lower("name"))) WHERE "missions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "missions_acronym_sort_idx" ON "missions" USING btree (immutable_unaccent(lower("acronym"))) WHERE "missions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "missions_service_filter_idx" ON "missions" USING btree ("service") WHERE "missions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "missions_all_projects_filter_idx" ON "missions" USING btree ("all_projects") WHERE "missions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_kind_filter_idx" ON "notifications" USING btree ("kind") WHERE "notifications"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_ticket_filter_idx" ON "notifications" USING btree ("ticket") WHERE "notifications"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_seen_filter_idx" ON "notifications" USING btree ("seen") WHERE "notifications"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_archived_filter_idx" ON "notifications" USING btree ("archived") WHERE "notifications"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "partner_references_name_sort_idx" ON "partner_references" USING btree (immutable_unaccent(lower("name"))) WHERE "partner_references"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_co_owners_project_filter_idx" ON "project_co_owners" USING btree ("project") WHERE "project_co_owners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_co_owners_role_sort_idx" ON "project_co_owners" USING btree (immutable_unaccent(lower("role"))) WHERE "project_co_owners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_co_owners_individual_filter_idx" ON "project_co_owners" USING btree ("individual") WHERE "project_co_owners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_co_owners_structure_filter_idx" ON "project_co_owners" USING btree ("structure") WHERE "project_co_owners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_co_owners_liaison_officer_filter_idx" ON "project_co_owners" USING btree ("liaison_officer") WHERE "project_co_owners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_comments_project_filter_idx" ON "project_comments" USING btree ("project") WHERE "project_comments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_comments_subject_sort_idx" ON "project_comments" USING btree (immutable_unaccent(lower("subject"))) WHERE "project_comments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_comments_act_date_sort_idx" ON "project_comments" USING btree ("act_date") WHERE "project_comments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_comments_adviser_filter_idx" ON "project_comments" USING btree ("adviser") WHERE "project_comments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_comments_act_type_filter_idx" ON "project_comments" USING btree ("act_type") WHERE "project_comments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_comments_ademe_filter_idx" ON "project_comments" USING btree ("ademe") WHERE "project_comments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_documents_project_filter_idx" ON "project_documents" USING btree ("project") WHERE "project_documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_documents_title_sort_idx" ON "project_documents" USING btree (immutable_unaccent(lower("title"))) WHERE "project_documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_documents_document_type_filter_idx" ON "project_documents" USING btree ("document_type") WHERE "project_documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_documents_added_on_sort_idx" ON "project_documents" USING btree ("added_on") WHERE "project_documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_partners_project_filter_idx" ON "project_partners" USING btree ("project") WHERE "project_partners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_partners_role_sort_idx" ON "project_partners" USING btree (immutable_unaccent(lower("role"))) WHERE "project_partners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_partners_individual_filter_idx" ON "project_partners" USING btree ("individual") WHERE "project_partners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_partners_structure_filter_idx" ON "project_partners" USING btree ("structure") WHERE "project_partners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_partners_partner_reference_filter_idx" ON "project_partners" USING btree ("partner_reference") WHERE "project_partners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_partners_liaison_officer_filter_idx" ON "project_partners" USING btree ("liaison_officer") WHERE "project_partners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_states_name_sort_idx" ON "project_states" USING btree (immutable_unaccent(lower("name"))) WHERE "project_states"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_states_displayed_on_dashboard_filter_idx" ON "project_states" USING btree ("displayed_on_dashboard") WHERE "project_states"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_templates_name_sort_idx" ON "project_templates" USING btree (immutable_unaccent(lower("name"))) WHERE "project_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_themes_name_sort_idx" ON "project_themes" USING btree (immutable_unaccent(lower("name"))) WHERE "project_themes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_themes_parent_filter_idx" ON "project_themes" USING btree ("parent") WHERE "project_themes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_themes_attached_to_watch_filter_idx" ON "project_themes" USING btree ("attached_to_watch") WHERE "project_themes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_types_name_sort_idx" ON "project_types" USING btree (immutable_unaccent(lower("name"))) WHERE "project_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_name_sort_idx" ON "projects" USING btree (immutable_unaccent(lower("name"))) WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_reference_sort_idx" ON "projects" USING btree (immutable_unaccent(lower("reference"))) WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_state_filter_idx" ON "projects" USING btree ("state") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_status_filter_idx" ON "projects" USING btree ("status") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_theme_filter_idx" ON "projects" USING btree ("theme") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_parent_project_filter_idx" ON "projects" USING btree ("parent_project") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_owner_individual_filter_idx" ON "projects" USING btree ("owner_individual") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_owner_structure_filter_idx" ON "projects" USING btree ("owner_structure") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_priority_filter_idx" ON "projects" USING btree ("priority") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_valuable_filter_idx" ON "projects" USING btree ("valuable") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_show_on_dashboard_filter_idx" ON "projects" USING btree ("show_on_dashboard") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_creation_date_sort_idx" ON "projects" USING btree ("creation_date") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_last_intervention_date_sort_idx" ON "projects" USING btree ("last_intervention_date") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "services_name_sort_idx" ON "services" USING btree (immutable_unaccent(lower("name"))) WHERE "services"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "services_disable_linked_fields_filter_idx" ON "services" USING btree ("disable_linked_fields") WHERE "services"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "steps_done_filter_idx" ON "steps" USING btree ("done") WHERE "steps"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "steps_validation_step_filter_idx" ON "steps" USING btree ("validation_step") WHERE "steps"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "structures_name_sort_idx" ON "structures" USING btree (immutable_unaccent(lower("name"))) WHERE "structures"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "structures_acronym_sort_idx" ON "structures" USING btree (immutable_unaccent(lower("acronym"))) WHERE "structures"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "structures_contact_type_filter_idx" ON "structures" USING btree ("contact_type") WHERE "structures"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "structures_public_subtype_filter_idx" ON "structures" USING btree ("public_subtype") WHERE "structures"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "structures_service_filter_idx" ON "structures" USING btree ("service") WHERE "structures"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sub_tasks_ticket_filter_idx" ON "sub_tasks" USING btree ("ticket") WHERE "sub_tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sub_tasks_done_filter_idx" ON "sub_tasks" USING btree ("done") WHERE "sub_tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "task_templates_name_sort_idx" ON "task_templates" USING btree (immutable_unaccent(lower("name"))) WHERE "task_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "task_templates_project_type_filter_idx" ON "task_templates" USING btree ("project_type") WHERE "task_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "template_files_name_sort_idx" ON "template_files" USING btree (immutable_unaccent(lower("name"))) WHERE "template_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_filter_idx" ON "ticket_comments" USING btree ("ticket") WHERE "ticket_comments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ticket_documents_ticket_filter_idx" ON "ticket_documents" USING btree ("ticket") WHERE "ticket_documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ticket_documents_title_sort_idx" ON "ticket_documents" USING btree (immutable_unaccent(lower("title"))) WHERE "ticket_documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ticket_transitions_ticket_filter_idx" ON "ticket_transitions" USING btree ("ticket") WHERE "ticket_transitions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ticket_transitions_from_step_filter_idx" ON "ticket_transitions" USING btree ("from_step") WHERE "ticket_transitions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ticket_transitions_to_step_filter_idx" ON "ticket_transitions" USING btree ("to_step") WHERE "ticket_transitions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_name_sort_idx" ON "tickets" USING btree (immutable_unaccent(lower("name"))) WHERE "tickets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_project_filter_idx" ON "tickets" USING btree ("project") WHERE "tickets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_mission_filter_idx" ON "tickets" USING btree ("mission") WHERE "tickets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_domain_filter_idx" ON "tickets" USING btree ("domain") WHERE "tickets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_task_type_filter_idx" ON "tickets" USING btree ("task_type") WHERE "tickets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_step_filter_idx" ON "tickets" USING btree ("step") WHERE "tickets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_status_filter_idx" ON "tickets" USING btree ("status") WHERE "tickets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_deadline_sort_idx" ON "tickets" USING btree ("deadline") WHERE "tickets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_meeting_type_filter_idx" ON "tickets" USING btree ("meeting_type") WHERE "tickets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_show_on_kanban_filter_idx" ON "tickets" USING btree ("show_on_kanban") WHERE "tickets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_show_on_dashboard_filter_idx" ON "tickets" USING btree ("show_on_dashboard") WHERE "tickets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "time_entries_ticket_filter_idx" ON "time_entries" USING btree ("ticket") WHERE "time_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "time_entries_worked_on_sort_idx" ON "time_entries" USING btree ("worked_on") WHERE "time_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "time_entries_user_filter_idx" ON "time_entries" USING btree ("user") WHERE "time_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "useful_links_name_sort_idx" ON "useful_links" USING btree (immutable_unaccent(lower("name"))) WHERE "useful_links"."deleted_at" is null;