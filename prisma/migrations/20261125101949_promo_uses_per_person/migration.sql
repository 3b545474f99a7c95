-- DropIndex
DROP INDEX "promo_code_redemptions_promo_code_id_user_id_key";

-- AlterTable
ALTER TABLE "promo_code_redemptions" ADD COLUMN     "payment_id" TEXT,
ADD COLUMN     "use_number" INTEGER NOT NULL DEFAULT 1;

-- Backfill: link each existing redemption to the purchase that used it (the old unique index allowed one per person and code).
UPDATE "promo_code_redemptions" r SET "payment_id" = (
  SELECT p."id" FROM "payments" p
  WHERE p."promo_code_id" = r."promo_code_id" AND p."user_id" = r."user_id" AND p."status" IN ('SUCCEEDED', 'PENDING')
  ORDER BY (p."status" = 'SUCCEEDED') DESC, p."created_at" DESC LIMIT 1
);

-- AlterTable
ALTER TABLE "promo_codes" ADD COLUMN     "max_uses_per_user" INTEGER DEFAULT 1;

-- CreateIndex
CREATE UNIQUE INDEX "promo_code_redemptions_payment_id_key" ON "promo_code_redemptions"("payment_id");

-- CreateIndex
CREATE UNIQUE INDEX "promo_code_redemptions_promo_code_id_user_id_use_number_key" ON "promo_code_redemptions"("promo_code_id", "user_id", "use_number");

-- AddForeignKey
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE SET NULL ON UPDATE CASCADE;
