-- CreateEnum
CREATE TYPE "transfer_review" AS ENUM ('PENDING', 'CODE_CONFLICT', 'APPROVED');

-- CreateEnum
CREATE TYPE "catalog_import_status" AS ENUM ('QUEUED', 'RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "audit_subcategory" ADD VALUE 'TRANSFER_SUBMITTED';
ALTER TYPE "audit_subcategory" ADD VALUE 'TRANSFER_CODE_CONFLICT';
ALTER TYPE "audit_subcategory" ADD VALUE 'TRANSFER_APPROVED';
ALTER TYPE "audit_subcategory" ADD VALUE 'CATALOG_IMPORT_UPLOADED';

-- AlterTable
ALTER TABLE "releases" ADD COLUMN     "alt_titles" JSONB;

-- AlterTable
ALTER TABLE "tracks" ADD COLUMN     "alt_titles" JSONB,
ADD COLUMN     "awaited_audio" TEXT;

-- CreateTable
CREATE TABLE "release_transfers" (
    "release_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "previous_distributor" TEXT NOT NULL,
    "live_stores" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "review" "transfer_review" NOT NULL DEFAULT 'PENDING',
    "conflicts" JSONB NOT NULL DEFAULT '[]',
    "import_id" TEXT,
    "submitted_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "approved_at" TIMESTAMP(3),
    "approved_by" TEXT,

    CONSTRAINT "release_transfers_pkey" PRIMARY KEY ("release_id")
);

-- CreateTable
CREATE TABLE "catalog_code_claims" (
    "kind" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "release_id" TEXT NOT NULL,
    "track_id" TEXT,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "catalog_code_claims_pkey" PRIMARY KEY ("kind","code")
);

-- CreateTable
CREATE TABLE "catalog_imports" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "actor_id" TEXT,
    "content_hash" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "previous_distributor" TEXT,
    "status" "catalog_import_status" NOT NULL DEFAULT 'QUEUED',
    "total_releases" INTEGER NOT NULL DEFAULT 0,
    "done_releases" INTEGER NOT NULL DEFAULT 0,
    "errors" JSONB NOT NULL DEFAULT '[]',
    "release_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "catalog_imports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "release_transfers_review_submitted_at_idx" ON "release_transfers"("review", "submitted_at");

-- CreateIndex
CREATE INDEX "release_transfers_user_id_idx" ON "release_transfers"("user_id");

-- CreateIndex
CREATE INDEX "catalog_code_claims_release_id_idx" ON "catalog_code_claims"("release_id");

-- CreateIndex
CREATE INDEX "catalog_imports_user_id_created_at_idx" ON "catalog_imports"("user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "catalog_imports_user_id_content_hash_key" ON "catalog_imports"("user_id", "content_hash");

-- AddForeignKey
ALTER TABLE "release_transfers" ADD CONSTRAINT "release_transfers_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_code_claims" ADD CONSTRAINT "catalog_code_claims_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;
