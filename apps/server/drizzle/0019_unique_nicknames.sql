-- Nicknames taken twice (whatever their case) before they were unique: the first holder keeps it, the
-- others get their default handle's hex digits after it, so every nickname is unique before the index.
UPDATE "users" SET "nickname" = left("nickname", 23) || ' ' || left(replace("id"::text, '-', ''), 8)
WHERE "nickname" <> '' AND EXISTS (
  SELECT 1 FROM "users" AS "first"
  WHERE lower("first"."nickname") = lower("users"."nickname")
    AND ("first"."created_at", "first"."id") < ("users"."created_at", "users"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "users_nickname_unique" ON "users" USING btree (lower("nickname")) WHERE "users"."nickname" <> '';
