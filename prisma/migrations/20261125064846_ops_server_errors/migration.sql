-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "audit_subcategory" ADD VALUE 'JOB_RETRIED';
ALTER TYPE "audit_subcategory" ADD VALUE 'JOB_CANCELLED';

-- CreateTable
CREATE TABLE "server_errors" (
    "id" TEXT NOT NULL,
    "request_id" TEXT,
    "job_id" TEXT,
    "operation" TEXT,
    "message" TEXT NOT NULL,
    "user_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "server_errors_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "server_errors_created_at_idx" ON "server_errors"("created_at");
