-- CreateEnum
CREATE TYPE "store_endpoint_kind" AS ENUM ('LOCAL', 'SFTP', 'S3');

-- AlterEnum
ALTER TYPE "audit_category" ADD VALUE 'DELIVERY';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "audit_subcategory" ADD VALUE 'STORE_ENDPOINT_EDITED';
ALTER TYPE "audit_subcategory" ADD VALUE 'DELIVERY_ACKNOWLEDGED';

-- AlterTable
ALTER TABLE "release_deliveries" ADD COLUMN     "location" TEXT;

-- CreateTable
CREATE TABLE "store_endpoints" (
    "id" SERIAL NOT NULL,
    "dsp_id" INTEGER NOT NULL,
    "kind" "store_endpoint_kind" NOT NULL,
    "recipient_dpid" TEXT NOT NULL,
    "recipient_name" TEXT NOT NULL,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "secret" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "store_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "store_endpoints_dsp_id_key" ON "store_endpoints"("dsp_id");

-- AddForeignKey
ALTER TABLE "store_endpoints" ADD CONSTRAINT "store_endpoints_dsp_id_fkey" FOREIGN KEY ("dsp_id") REFERENCES "dsps"("id") ON DELETE CASCADE ON UPDATE CASCADE;
