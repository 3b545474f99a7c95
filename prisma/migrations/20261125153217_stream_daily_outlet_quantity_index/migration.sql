-- DropIndex
DROP INDEX "stream_daily_user_id_outlet_id_date_idx";

-- CreateIndex
CREATE INDEX "stream_daily_user_id_outlet_id_date_quantity_idx" ON "stream_daily"("user_id", "outlet_id", "date", "quantity");
