-- CreateEnum
CREATE TYPE "split_status" AS ENUM ('INVITED', 'ACCEPTED', 'DECLINED');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "audit_subcategory" ADD VALUE 'SPLITS_CHANGED';
ALTER TYPE "audit_subcategory" ADD VALUE 'SPLIT_ACCEPTED';
ALTER TYPE "audit_subcategory" ADD VALUE 'SPLIT_DECLINED';
ALTER TYPE "audit_subcategory" ADD VALUE 'SPLIT_CLAIMED';

-- AlterEnum
ALTER TYPE "ledger_account_kind" ADD VALUE 'SPLIT_PENDING';

-- AlterEnum
ALTER TYPE "ledger_transaction_kind" ADD VALUE 'SPLIT_CLAIM';

-- CreateTable
CREATE TABLE "split_collaborators" (
    "id" TEXT NOT NULL,
    "release_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "user_id" TEXT,
    "status" "split_status" NOT NULL DEFAULT 'INVITED',
    "responded_at" TIMESTAMP(3),
    "accrued_minor" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "split_collaborators_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "split_versions" (
    "id" TEXT NOT NULL,
    "release_id" TEXT NOT NULL,
    "track_id" TEXT,
    "scope_key" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "effective_from" DATE NOT NULL,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "split_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "split_shares" (
    "version_id" TEXT NOT NULL,
    "collaborator_id" TEXT NOT NULL,
    "basis_points" INTEGER NOT NULL,

    CONSTRAINT "split_shares_pkey" PRIMARY KEY ("version_id","collaborator_id")
);

-- CreateTable
CREATE TABLE "split_invitation_tokens" (
    "id" TEXT NOT NULL,
    "collaborator_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "split_invitation_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "split_collaborators_email_idx" ON "split_collaborators"("email");

-- CreateIndex
CREATE INDEX "split_collaborators_user_id_idx" ON "split_collaborators"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "split_collaborators_release_id_email_key" ON "split_collaborators"("release_id", "email");

-- CreateIndex
CREATE INDEX "split_versions_release_id_idx" ON "split_versions"("release_id");

-- CreateIndex
CREATE UNIQUE INDEX "split_versions_scope_key_version_key" ON "split_versions"("scope_key", "version");

-- CreateIndex
CREATE INDEX "split_shares_collaborator_id_idx" ON "split_shares"("collaborator_id");

-- CreateIndex
CREATE UNIQUE INDEX "split_invitation_tokens_token_hash_key" ON "split_invitation_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "split_invitation_tokens_collaborator_id_idx" ON "split_invitation_tokens"("collaborator_id");

-- AddForeignKey
ALTER TABLE "split_collaborators" ADD CONSTRAINT "split_collaborators_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "split_collaborators" ADD CONSTRAINT "split_collaborators_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "split_versions" ADD CONSTRAINT "split_versions_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "split_versions" ADD CONSTRAINT "split_versions_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "tracks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "split_shares" ADD CONSTRAINT "split_shares_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "split_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "split_shares" ADD CONSTRAINT "split_shares_collaborator_id_fkey" FOREIGN KEY ("collaborator_id") REFERENCES "split_collaborators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "split_invitation_tokens" ADD CONSTRAINT "split_invitation_tokens_collaborator_id_fkey" FOREIGN KEY ("collaborator_id") REFERENCES "split_collaborators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A share is above 0 and at most 100% (the service checks the total).
ALTER TABLE "split_shares" ADD CONSTRAINT "split_shares_basis_points_check" CHECK ("basis_points" > 0 AND "basis_points" <= 10000);
