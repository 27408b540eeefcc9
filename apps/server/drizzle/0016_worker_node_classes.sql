ALTER TABLE "generations" ADD COLUMN "required_classes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "node_classes" text[];--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "node_classes_digest" text;