CREATE TABLE "runpod_jobs" (
	"prompt_id" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "runpod_jobs_created_idx" ON "runpod_jobs" USING btree ("created_at");