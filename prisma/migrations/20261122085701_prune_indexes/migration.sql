-- CreateIndex
CREATE INDEX "email_tokens_used_at_idx" ON "email_tokens"("used_at");

-- CreateIndex
CREATE INDEX "jobs_status_finished_at_idx" ON "jobs"("status", "finished_at");

-- CreateIndex
CREATE INDEX "sessions_idle_expires_at_idx" ON "sessions"("idle_expires_at");
