CREATE TABLE "comfy_api_deliveries" (
	"prompt_id" text PRIMARY KEY NOT NULL,
	"started" boolean DEFAULT false NOT NULL,
	"progress_value" real,
	"progress_max" real,
	"delivery" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "comfy_api_deliveries_updated_idx" ON "comfy_api_deliveries" USING btree ("updated_at");