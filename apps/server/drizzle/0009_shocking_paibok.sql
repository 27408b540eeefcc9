ALTER TABLE "workers" ADD COLUMN "backend" text DEFAULT 'comfyui' NOT NULL;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "api_key" text;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "queue_depth" integer;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "cold_starts" integer;