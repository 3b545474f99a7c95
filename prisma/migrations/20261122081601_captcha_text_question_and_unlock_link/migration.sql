-- AlterEnum
ALTER TYPE "email_token_kind" ADD VALUE 'UNLOCK_ACCOUNT';

-- AlterTable
ALTER TABLE "captcha_challenges" ADD COLUMN     "format" TEXT NOT NULL DEFAULT 'image';
