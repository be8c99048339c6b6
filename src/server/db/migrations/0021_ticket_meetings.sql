ALTER TABLE "tickets" ADD COLUMN "meeting_type" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "meeting_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_meeting_type_meeting_types_id_fk" FOREIGN KEY ("meeting_type") REFERENCES "public"."meeting_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_meeting_type_filter_idx" ON "tickets" USING btree ("meeting_type");