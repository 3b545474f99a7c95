-- CreateTable
CREATE TABLE "stream_country_daily" (
    "user_id" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "country_code" VARCHAR(2) NOT NULL,
    "quantity" BIGINT NOT NULL,

    CONSTRAINT "stream_country_daily_pkey" PRIMARY KEY ("user_id","date","country_code")
);

-- CreateTable
CREATE TABLE "stream_track_daily" (
    "user_id" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "track_id" TEXT NOT NULL,
    "quantity" BIGINT NOT NULL,

    CONSTRAINT "stream_track_daily_pkey" PRIMARY KEY ("user_id","date","track_id")
);

-- CreateIndex
CREATE INDEX "stream_track_daily_track_id_idx" ON "stream_track_daily"("track_id");

-- AddForeignKey
ALTER TABLE "stream_country_daily" ADD CONSTRAINT "stream_country_daily_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stream_track_daily" ADD CONSTRAINT "stream_track_daily_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stream_track_daily" ADD CONSTRAINT "stream_track_daily_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "tracks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill from stream_daily (later imports add to both in their own transaction).
INSERT INTO "stream_country_daily" ("user_id", "date", "country_code", "quantity")
SELECT "user_id", "date", "country_code", SUM("quantity") FROM "stream_daily" GROUP BY "user_id", "date", "country_code";

INSERT INTO "stream_track_daily" ("user_id", "date", "track_id", "quantity")
SELECT "user_id", "date", "track_id", SUM("quantity") FROM "stream_daily" GROUP BY "user_id", "date", "track_id";
