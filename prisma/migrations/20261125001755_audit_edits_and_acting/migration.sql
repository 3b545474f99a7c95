-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "audit_subcategory" ADD VALUE 'RELEASE_EDITED';
ALTER TYPE "audit_subcategory" ADD VALUE 'TRACK_EDITED';
ALTER TYPE "audit_subcategory" ADD VALUE 'COVER_EDITED';
ALTER TYPE "audit_subcategory" ADD VALUE 'CREDIT_EDITED';
ALTER TYPE "audit_subcategory" ADD VALUE 'ACTED_AS_USER';
