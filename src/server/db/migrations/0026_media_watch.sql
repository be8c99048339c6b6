CREATE TABLE "media_watch_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_watch_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"publication_date" date,
	"description" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"media" integer,
	"missions" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"territories" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"themes" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"project_type" integer,
	"project_owner" integer,
	"co_owners" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"related_project" integer,
	"show_on_web_map" boolean DEFAULT false NOT NULL,
	"concerns_agglomeration_missions" boolean DEFAULT false NOT NULL,
	"internal_comments" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "media_watch_items" ADD CONSTRAINT "media_watch_items_media_structures_id_fk" FOREIGN KEY ("media") REFERENCES "public"."structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_watch_items" ADD CONSTRAINT "media_watch_items_project_type_project_types_id_fk" FOREIGN KEY ("project_type") REFERENCES "public"."project_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_watch_items" ADD CONSTRAINT "media_watch_items_project_owner_structures_id_fk" FOREIGN KEY ("project_owner") REFERENCES "public"."structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_watch_items" ADD CONSTRAINT "media_watch_items_related_project_projects_id_fk" FOREIGN KEY ("related_project") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_watch_items" ADD CONSTRAINT "media_watch_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_watch_items" ADD CONSTRAINT "media_watch_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_watch_items_title_search_idx" ON "media_watch_items" USING gin (immutable_unaccent("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "media_watch_items_title_sort_idx" ON "media_watch_items" USING btree (immutable_unaccent(lower("title"))) WHERE "media_watch_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_watch_items_publication_date_sort_idx" ON "media_watch_items" USING btree ("publication_date") WHERE "media_watch_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_watch_items_media_filter_idx" ON "media_watch_items" USING btree ("media") WHERE "media_watch_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_watch_items_missions_any_idx" ON "media_watch_items" USING gin ("missions");--> statement-breakpoint
CREATE INDEX "media_watch_items_territories_any_idx" ON "media_watch_items" USING gin ("territories");--> statement-breakpoint
CREATE INDEX "media_watch_items_themes_any_idx" ON "media_watch_items" USING gin ("themes");--> statement-breakpoint
CREATE INDEX "media_watch_items_project_type_filter_idx" ON "media_watch_items" USING btree ("project_type") WHERE "media_watch_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_watch_items_project_owner_filter_idx" ON "media_watch_items" USING btree ("project_owner") WHERE "media_watch_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_watch_items_related_project_filter_idx" ON "media_watch_items" USING btree ("related_project") WHERE "media_watch_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_watch_items_show_on_web_map_filter_idx" ON "media_watch_items" USING btree ("show_on_web_map") WHERE "media_watch_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_watch_items_concerns_agglomeration_missions_filter_idx" ON "media_watch_items" USING btree ("concerns_agglomeration_missions") WHERE "media_watch_items"."deleted_at" is null;