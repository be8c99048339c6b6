DROP INDEX "project_co_owners_project_idx";--> statement-breakpoint
DROP INDEX "project_comments_act_date_filter_idx";--> statement-breakpoint
DROP INDEX "project_comments_project_idx";--> statement-breakpoint
DROP INDEX "project_documents_added_on_filter_idx";--> statement-breakpoint
DROP INDEX "project_partners_project_idx";--> statement-breakpoint
DROP INDEX "projects_creation_date_filter_idx";--> statement-breakpoint
DROP INDEX "projects_last_intervention_date_filter_idx";--> statement-breakpoint
DROP INDEX "projects_mission_ids_idx";