CREATE TABLE "communes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"insee_code" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"postal_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "communes" ADD CONSTRAINT "communes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communes" ADD CONSTRAINT "communes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communes_insee_code_search_idx" ON "communes" USING gin (immutable_unaccent("insee_code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "communes_insee_code_sort_idx" ON "communes" USING btree ("insee_code");--> statement-breakpoint
CREATE UNIQUE INDEX "communes_insee_code_unique_idx" ON "communes" USING btree ("insee_code") WHERE "communes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "communes_name_search_idx" ON "communes" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "communes_name_sort_idx" ON "communes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "communes_postal_codes_any_idx" ON "communes" USING gin ("postal_codes");--> statement-breakpoint
CREATE INDEX "communes_department_sort_idx" ON "communes" USING btree ("department");