-- DropForeignKey
ALTER TABLE "captcha_challenges" DROP CONSTRAINT "captcha_challenges_user_id_fkey";

-- DropTable
DROP TABLE "captcha_challenges";

-- CreateTable
CREATE TABLE "used_captcha_challenges" (
    "nonce" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "used_captcha_challenges_pkey" PRIMARY KEY ("nonce")
);

-- CreateTable
CREATE TABLE "server_secrets" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "server_secrets_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "used_captcha_challenges_expires_at_idx" ON "used_captcha_challenges"("expires_at");
