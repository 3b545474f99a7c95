-- CreateEnum
CREATE TYPE "sales_line_state" AS ENUM ('STAGED', 'UNMATCHED', 'ATTACHED', 'UNCLAIMED');

-- AlterTable
ALTER TABLE "sales_import_batches" ADD COLUMN     "clearing_remainder" DECIMAL(20,8) NOT NULL DEFAULT 0,
ADD COLUMN     "job_id" TEXT,
ADD COLUMN     "net_payable" DECIMAL(20,8) NOT NULL DEFAULT 0,
ADD COLUMN     "posted_minor" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "rows_matched" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rows_read" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rows_rejected" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rows_unmatched" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "uploaded_by_id" TEXT;

-- CreateTable
CREATE TABLE "sales_import_lines" (
    "id" BIGSERIAL NOT NULL,
    "import_batch_id" TEXT NOT NULL,
    "line_no" INTEGER NOT NULL,
    "state" "sales_line_state" NOT NULL DEFAULT 'STAGED',
    "period" VARCHAR(7) NOT NULL,
    "report_date" DATE NOT NULL,
    "source_label" TEXT NOT NULL,
    "service_name" TEXT NOT NULL,
    "outlet_id" INTEGER,
    "store_id" TEXT,
    "isrc" TEXT,
    "upc" TEXT,
    "artist_name" TEXT,
    "release_title" TEXT,
    "track_title" TEXT,
    "country_code" VARCHAR(2),
    "units" INTEGER NOT NULL,
    "payable" DECIMAL(20,8) NOT NULL,
    "currency" CHAR(3) NOT NULL DEFAULT 'USD',
    "user_id" TEXT,
    "release_id" TEXT,
    "track_id" TEXT,
    "resolved_by_id" TEXT,
    "resolved_at" TIMESTAMP(3),

    CONSTRAINT "sales_import_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sales_import_errors" (
    "id" BIGSERIAL NOT NULL,
    "import_batch_id" TEXT NOT NULL,
    "line_no" INTEGER NOT NULL,
    "message" TEXT NOT NULL,

    CONSTRAINT "sales_import_errors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "track_store_ids" (
    "service_name" TEXT NOT NULL,
    "store_id" TEXT NOT NULL,
    "track_id" TEXT NOT NULL,

    CONSTRAINT "track_store_ids_pkey" PRIMARY KEY ("service_name","store_id")
);

-- CreateTable
CREATE TABLE "sales_rollups" (
    "id" BIGSERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "period" VARCHAR(7) NOT NULL,
    "service_name" TEXT NOT NULL,
    "release_id" TEXT NOT NULL DEFAULT '',
    "track_id" TEXT NOT NULL DEFAULT '',
    "country_code" VARCHAR(2) NOT NULL DEFAULT '',
    "artist_name" TEXT NOT NULL DEFAULT '',
    "release_title" TEXT NOT NULL DEFAULT '',
    "track_title" TEXT NOT NULL DEFAULT '',
    "units" BIGINT NOT NULL DEFAULT 0,
    "payable" DECIMAL(20,8) NOT NULL DEFAULT 0,
    "line_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "sales_rollups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sales_monthly" (
    "user_id" TEXT NOT NULL,
    "period" VARCHAR(7) NOT NULL,
    "units" BIGINT NOT NULL DEFAULT 0,
    "payable" DECIMAL(20,8) NOT NULL DEFAULT 0,
    "line_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "sales_monthly_pkey" PRIMARY KEY ("user_id","period")
);

-- CreateIndex
CREATE INDEX "sales_import_lines_import_batch_id_state_idx" ON "sales_import_lines"("import_batch_id", "state");

-- CreateIndex
CREATE INDEX "sales_import_lines_state_import_batch_id_idx" ON "sales_import_lines"("state", "import_batch_id");

-- CreateIndex
CREATE INDEX "sales_import_errors_import_batch_id_line_no_idx" ON "sales_import_errors"("import_batch_id", "line_no");

-- CreateIndex
CREATE INDEX "track_store_ids_track_id_idx" ON "track_store_ids"("track_id");

-- CreateIndex
CREATE INDEX "sales_rollups_user_id_payable_idx" ON "sales_rollups"("user_id", "payable");

-- CreateIndex
CREATE INDEX "sales_rollups_user_id_units_idx" ON "sales_rollups"("user_id", "units");

-- CreateIndex
CREATE UNIQUE INDEX "sales_rollups_user_id_period_service_name_release_id_track__key" ON "sales_rollups"("user_id", "period", "service_name", "release_id", "track_id", "country_code");

-- AddForeignKey
ALTER TABLE "sales_import_lines" ADD CONSTRAINT "sales_import_lines_import_batch_id_fkey" FOREIGN KEY ("import_batch_id") REFERENCES "sales_import_batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales_import_errors" ADD CONSTRAINT "sales_import_errors_import_batch_id_fkey" FOREIGN KEY ("import_batch_id") REFERENCES "sales_import_batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
