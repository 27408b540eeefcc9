CREATE TABLE "attempt_counts" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attempt_counts_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "attempt_counts_window_ends_idx" ON "attempt_counts" USING btree ("window_ends_at");