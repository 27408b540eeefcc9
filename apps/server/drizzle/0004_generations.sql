CREATE TABLE "generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"movie_id" uuid NOT NULL,
	"workflow_node_id" uuid NOT NULL,
	"shot_id" uuid,
	"scene_id" uuid,
	"user_id" uuid,
	"level" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"workflow_inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"worker_id" uuid,
	"prompt_id" text,
	"progress" real DEFAULT 0 NOT NULL,
	"output" jsonb,
	"error_message" text,
	"use_as_input" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"new_output" boolean DEFAULT false NOT NULL,
	"downloaded" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"gpu_seconds" real,
	"index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"capacity" integer DEFAULT 1 NOT NULL,
	"serves_editor" boolean DEFAULT true NOT NULL,
	"healthy" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_error" text,
	"comfyui_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workers_url_unique" UNIQUE("url")
);
--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_workflow_node_id_nodes_id_fk" FOREIGN KEY ("workflow_node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_shot_id_shots_id_fk" FOREIGN KEY ("shot_id") REFERENCES "public"."shots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generations_claim_idx" ON "generations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "generations_node_idx" ON "generations" USING btree ("workflow_node_id","status");--> statement-breakpoint
CREATE INDEX "generations_shot_idx" ON "generations" USING btree ("shot_id","workflow_node_id");--> statement-breakpoint
CREATE INDEX "generations_scene_idx" ON "generations" USING btree ("scene_id");--> statement-breakpoint
CREATE INDEX "generations_worker_idx" ON "generations" USING btree ("worker_id","status");--> statement-breakpoint
CREATE INDEX "workers_user_idx" ON "workers" USING btree ("user_id");