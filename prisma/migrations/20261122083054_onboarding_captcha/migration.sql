-- AlterTable
ALTER TABLE "users" ADD COLUMN     "captcha_passed_at" TIMESTAMP(3);
