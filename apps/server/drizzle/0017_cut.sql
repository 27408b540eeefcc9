CREATE TABLE "cut_renders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"movie_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"error" text,
	"frame_rate" text NOT NULL,
	"resolution" text NOT NULL,
	"scene_id" uuid,
	"workflow_node_id" uuid,
	"storage_key" text,
	"seconds" real,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cut_renders_movie_user" UNIQUE("movie_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "shots" ADD COLUMN "duration_seconds" real;--> statement-breakpoint
ALTER TABLE "cut_renders" ADD CONSTRAINT "cut_renders_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_renders" ADD CONSTRAINT "cut_renders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cut_renders_status_idx" ON "cut_renders" USING btree ("status");