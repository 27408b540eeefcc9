ALTER TABLE "generations" ADD COLUMN "comfy_client_id" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "warning" text;