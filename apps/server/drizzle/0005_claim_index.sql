DROP INDEX "generations_claim_idx";--> statement-breakpoint
CREATE INDEX "generations_claim_idx" ON "generations" USING btree ("status","created_at","id");