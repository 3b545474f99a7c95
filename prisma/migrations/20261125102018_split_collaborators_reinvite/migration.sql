-- DropIndex
DROP INDEX "split_collaborators_release_id_email_key";

-- CreateIndex
CREATE INDEX "split_collaborators_release_id_email_idx" ON "split_collaborators"("release_id", "email");
