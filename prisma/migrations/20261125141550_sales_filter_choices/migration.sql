-- CreateEnum
CREATE TYPE "sales_dimension" AS ENUM ('ALL', 'ARTIST', 'RELEASE', 'SERVICE', 'TRACK', 'COUNTRY');

-- DropIndex
DROP INDEX "sales_rollups_user_id_payable_idx";

-- DropIndex
DROP INDEX "sales_rollups_user_id_units_idx";

-- CreateTable
CREATE TABLE "sales_filter_choices" (
    "user_id" TEXT NOT NULL,
    "dimension" "sales_dimension" NOT NULL,
    "value" TEXT NOT NULL,
    "label" TEXT NOT NULL,

    CONSTRAINT "sales_filter_choices_pkey" PRIMARY KEY ("user_id","dimension","value")
);

-- CreateTable
CREATE TABLE "sales_rollup_counts" (
    "user_id" TEXT NOT NULL,
    "dimension" "sales_dimension" NOT NULL,
    "value" TEXT NOT NULL,
    "period" VARCHAR(7) NOT NULL,
    "row_count" INTEGER NOT NULL,

    CONSTRAINT "sales_rollup_counts_pkey" PRIMARY KEY ("user_id","dimension","value","period")
);

-- CreateIndex
CREATE INDEX "sales_filter_choices_user_id_dimension_label_value_idx" ON "sales_filter_choices"("user_id", "dimension", "label", "value");

-- CreateIndex
CREATE INDEX "sales_rollups_user_id_period_id_idx" ON "sales_rollups"("user_id", "period", "id");

-- CreateIndex
CREATE INDEX "sales_rollups_user_id_payable_id_idx" ON "sales_rollups"("user_id", "payable", "id");

-- CreateIndex
CREATE INDEX "sales_rollups_user_id_units_id_idx" ON "sales_rollups"("user_id", "units", "id");

-- Backfill from the rollups already landed (later imports add to both tables in their own transaction).
INSERT INTO "sales_filter_choices" ("user_id", "dimension", "value", "label")
SELECT "user_id", 'ARTIST'::"sales_dimension", "artist_name", "artist_name" FROM "sales_rollups" WHERE "artist_name" <> '' GROUP BY "user_id", "artist_name"
UNION ALL
SELECT "user_id", 'RELEASE'::"sales_dimension", "release_id", MAX("release_title") FROM "sales_rollups" WHERE "release_id" <> '' GROUP BY "user_id", "release_id"
UNION ALL
SELECT "user_id", 'SERVICE'::"sales_dimension", "service_name", "service_name" FROM "sales_rollups" GROUP BY "user_id", "service_name"
UNION ALL
SELECT "user_id", 'TRACK'::"sales_dimension", "track_id", MAX("track_title") FROM "sales_rollups" WHERE "track_id" <> '' GROUP BY "user_id", "track_id";

INSERT INTO "sales_rollup_counts" ("user_id", "dimension", "value", "period", "row_count")
SELECT r."user_id", d."dimension", d."value", r."period", COUNT(*)
FROM "sales_rollups" r
CROSS JOIN LATERAL (VALUES ('ALL'::"sales_dimension", ''::text), ('RELEASE', r."release_id"), ('SERVICE', r."service_name"), ('TRACK', r."track_id"), ('COUNTRY', r."country_code"::text)) AS d("dimension", "value")
WHERE d."dimension" = 'ALL' OR d."value" <> ''
GROUP BY r."user_id", d."dimension", d."value", r."period";
