-- DropIndex
DROP INDEX "sale_transactions_import_batch_id_idx";

-- DropIndex
DROP INDEX "sale_transactions_release_id_idx";

-- DropIndex
DROP INDEX "sale_transactions_track_id_idx";

-- DropIndex
DROP INDEX "sale_transactions_user_id_period_idx";

-- CreateTable
CREATE TABLE "sales_import_groups" (
    "id" BIGSERIAL NOT NULL,
    "import_batch_id" TEXT NOT NULL,
    "period" VARCHAR(7) NOT NULL,
    "report_date" DATE NOT NULL,
    "user_id" TEXT,
    "release_id" TEXT,
    "track_id" TEXT,
    "outlet_id" INTEGER,
    "service_name" TEXT NOT NULL,
    "country_code" VARCHAR(2),
    "artist_name" TEXT,
    "release_title" TEXT,
    "track_title" TEXT,
    "units" BIGINT NOT NULL,
    "payable" DECIMAL(20,8) NOT NULL,
    "line_count" INTEGER NOT NULL,

    CONSTRAINT "sales_import_groups_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sales_import_groups_import_batch_id_idx" ON "sales_import_groups"("import_batch_id");

-- CreateIndex
CREATE INDEX "sales_import_groups_release_id_report_date_idx" ON "sales_import_groups"("release_id", "report_date");

-- CreateIndex
CREATE INDEX "sale_transactions_import_batch_id_idx" ON "sale_transactions" USING BRIN ("import_batch_id");

-- AddForeignKey
ALTER TABLE "sales_import_groups" ADD CONSTRAINT "sales_import_groups_import_batch_id_fkey" FOREIGN KEY ("import_batch_id") REFERENCES "sales_import_batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The day sums of the lines already stored (docs/decisions.md, sales): split sales and the parents'
-- delete triggers read them from now on.
INSERT INTO "sales_import_groups" ("import_batch_id", "period", "report_date", "user_id", "release_id", "track_id", "outlet_id", "service_name", "country_code",
  "artist_name", "release_title", "track_title", "units", "payable", "line_count")
SELECT "import_batch_id", "period", "report_date", "user_id", "release_id", "track_id", "outlet_id", "service_name", "country_code",
  MAX("artist_name"), MAX("release_title"), MAX("track_title"), SUM("units"), SUM("payable"), COUNT(*)
FROM "sale_transactions"
GROUP BY "import_batch_id", "period", "report_date", "user_id", "release_id", "track_id", "outlet_id", "service_name", "country_code";

-- The parents' delete triggers without per-column indexes on sale_transactions: the day sums have a
-- release index and hold a row for every stored line (the importer writes them with the lines, an
-- attached line adds its own), so they say whether a release or track has lines at all; only then
-- is sale_transactions scanned (a release with sales is never deleted by the app: only drafts are).
-- A user's lines are scanned only when the user has posted sales (sales_monthly); accounts are
-- anonymised, never deleted, so this is for operators' deletes. A batch not yet posted also
-- detaches a parent deleted during its import itself (sales import, landing).
DROP TRIGGER sale_transactions_detach_user ON users;
DROP TRIGGER sale_transactions_detach_release ON releases;
DROP TRIGGER sale_transactions_detach_track ON tracks;
DROP FUNCTION sale_transactions_detach();
CREATE FUNCTION sale_transactions_detach_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales_import_groups SET release_id = NULL WHERE release_id = OLD.id;
  IF FOUND THEN
    UPDATE sale_transactions SET release_id = NULL WHERE release_id = OLD.id;
  END IF;
  RETURN OLD;
END $$;
-- A track never changes release: its day sums are found through the release index.
CREATE FUNCTION sale_transactions_detach_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales_import_groups SET track_id = NULL WHERE release_id = OLD.release_id AND track_id = OLD.id;
  IF FOUND THEN
    UPDATE sale_transactions SET track_id = NULL WHERE track_id = OLD.id;
  END IF;
  RETURN OLD;
END $$;
CREATE FUNCTION sale_transactions_detach_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM sales_monthly WHERE user_id = OLD.id) THEN
    UPDATE sales_import_groups SET user_id = NULL WHERE user_id = OLD.id;
    UPDATE sale_transactions SET user_id = NULL WHERE user_id = OLD.id;
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER sale_transactions_detach_release AFTER DELETE ON releases FOR EACH ROW EXECUTE FUNCTION sale_transactions_detach_release();
CREATE TRIGGER sale_transactions_detach_track AFTER DELETE ON tracks FOR EACH ROW EXECUTE FUNCTION sale_transactions_detach_track();
-- BEFORE: the user's sales_monthly rows are still there (their cascade runs after the delete).
CREATE TRIGGER sale_transactions_detach_user BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION sale_transactions_detach_user();
