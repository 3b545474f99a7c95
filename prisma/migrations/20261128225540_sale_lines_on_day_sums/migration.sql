-- Sale lines keep what the report says of each line; everything a line shares with its day sum (the
-- batch, period, day, owner, release, track, store and country) is in that row of
-- sales_import_groups, which the line names (docs/decisions.md, sales). A line is a third as wide,
-- and the import's COPY costs about 40% of what it did.

-- Batches are numbered: a batch's sale lines and day sums take ids seq × 2^32 + a number in the batch.
ALTER TABLE "sales_import_batches" ADD COLUMN "seq" SERIAL NOT NULL;
CREATE UNIQUE INDEX "sales_import_batches_seq_key" ON "sales_import_batches"("seq");

-- The day sums again, from the stored lines, now with the store as the report names it, numbered in
-- their batch (every stored line has its day sum, so nothing is lost).
DELETE FROM "sales_import_groups";
ALTER TABLE "sales_import_groups" ADD COLUMN "source_label" TEXT NOT NULL,
ALTER COLUMN "id" DROP DEFAULT;
DROP SEQUENCE "sales_import_groups_id_seq";
INSERT INTO "sales_import_groups" ("id", "import_batch_id", "period", "report_date", "user_id", "release_id", "track_id", "outlet_id",
  "source_label", "service_name", "country_code", "artist_name", "release_title", "track_title", "units", "payable", "line_count")
SELECT (b."seq"::bigint << 32) + ROW_NUMBER() OVER (PARTITION BY t."import_batch_id" ORDER BY MIN(t."id")),
  t."import_batch_id", t."period", t."report_date", t."user_id", t."release_id", t."track_id", t."outlet_id",
  COALESCE(t."outlet_name", t."service_name"), t."service_name", t."country_code",
  MAX(t."artist_name"), MAX(t."release_title"), MAX(t."track_title"), SUM(t."units"), SUM(t."payable"), COUNT(*)
FROM "sale_transactions" t JOIN "sales_import_batches" b ON b."id" = t."import_batch_id"
GROUP BY b."seq", t."import_batch_id", t."period", t."report_date", t."user_id", t."release_id", t."track_id", t."outlet_id",
  COALESCE(t."outlet_name", t."service_name"), t."service_name", t."country_code";

-- The lines, each naming its day sum. Their report line numbers were not kept, so a stored line is
-- numbered after the batch's last line waiting for review (which staff may still attach, under its
-- own number), in the order the lines were stored.
CREATE TABLE "sale_lines_new" (
    "id" BIGINT NOT NULL,
    "group_id" BIGINT NOT NULL,
    "isrc" TEXT,
    "upc" TEXT,
    "store_id" TEXT,
    "artist_name" TEXT,
    "release_title" TEXT,
    "track_title" TEXT,
    "units" INTEGER NOT NULL,
    "payable" DECIMAL(20,8) NOT NULL,

    CONSTRAINT "sale_lines_new_pkey" PRIMARY KEY ("id")
);
INSERT INTO "sale_lines_new" ("id", "group_id", "isrc", "upc", "artist_name", "release_title", "track_title", "units", "payable")
SELECT (b."seq"::bigint << 32)
    + COALESCE((SELECT MAX(r."line_no") FROM "sales_import_lines" r WHERE r."import_batch_id" = t."import_batch_id"), 0)
    + ROW_NUMBER() OVER (PARTITION BY t."import_batch_id" ORDER BY t."id"),
  g."id", t."isrc", t."upc", t."artist_name", t."release_title", t."track_title", t."units", t."payable"
FROM "sale_transactions" t
JOIN "sales_import_batches" b ON b."id" = t."import_batch_id"
JOIN "sales_import_groups" g ON g."import_batch_id" = t."import_batch_id" AND g."period" = t."period" AND g."report_date" = t."report_date"
  AND COALESCE(g."user_id", '') = COALESCE(t."user_id", '') AND COALESCE(g."release_id", '') = COALESCE(t."release_id", '')
  AND COALESCE(g."track_id", '') = COALESCE(t."track_id", '') AND COALESCE(g."outlet_id", -1) = COALESCE(t."outlet_id", -1)
  AND g."source_label" = COALESCE(t."outlet_name", t."service_name") AND g."service_name" = t."service_name"
  AND COALESCE(g."country_code", '') = COALESCE(t."country_code", '');
DROP TABLE "sale_transactions";
ALTER TABLE "sale_lines_new" RENAME TO "sale_transactions";
ALTER TABLE "sale_transactions" RENAME CONSTRAINT "sale_lines_new_pkey" TO "sale_transactions_pkey";

-- The parents' delete triggers detach the day sums only: the lines hold no owner, release or track.
CREATE OR REPLACE FUNCTION sale_transactions_detach_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales_import_groups SET release_id = NULL WHERE release_id = OLD.id;
  RETURN OLD;
END $$;
-- A track never changes release: its day sums are found through the release index.
CREATE OR REPLACE FUNCTION sale_transactions_detach_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales_import_groups SET track_id = NULL WHERE release_id = OLD.release_id AND track_id = OLD.id;
  RETURN OLD;
END $$;
-- Only a user with posted sales (sales_monthly) has day sums worth a scan: accounts are anonymised,
-- not deleted, so this is for operators' deletes. BEFORE: the sales_monthly rows are still there.
CREATE OR REPLACE FUNCTION sale_transactions_detach_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM sales_monthly WHERE user_id = OLD.id) THEN
    UPDATE sales_import_groups SET user_id = NULL WHERE user_id = OLD.id;
  END IF;
  RETURN OLD;
END $$;
-- A deleted batch takes its lines: one range of the key (its day sums go by their foreign key).
CREATE OR REPLACE FUNCTION sale_transactions_drop_batch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sale_transactions WHERE id >= (OLD.seq::bigint << 32) AND id < ((OLD.seq::bigint + 1) << 32);
  RETURN OLD;
END $$;
