-- The trends tables keep what their foreign keys gave, by triggers on the parents: the per-row key
-- checks were a third of what an import's landing spends on them (docs/decisions.md, sales). The
-- landing writes only owners, releases and tracks it has locked (FOR KEY SHARE) in its transaction,
-- as sale_transactions and the day sums already do (migration 20261125170540_sale_transactions_without_fk).

-- DropForeignKey
ALTER TABLE "stream_daily" DROP CONSTRAINT "stream_daily_user_id_fkey";

-- DropForeignKey
ALTER TABLE "stream_daily" DROP CONSTRAINT "stream_daily_release_id_fkey";

-- DropForeignKey
ALTER TABLE "stream_daily" DROP CONSTRAINT "stream_daily_track_id_fkey";

-- DropForeignKey
ALTER TABLE "stream_daily" DROP CONSTRAINT "stream_daily_outlet_id_fkey";

-- DropForeignKey
ALTER TABLE "stream_country_daily" DROP CONSTRAINT "stream_country_daily_user_id_fkey";

-- DropForeignKey
ALTER TABLE "stream_track_daily" DROP CONSTRAINT "stream_track_daily_user_id_fkey";

-- DropForeignKey
ALTER TABLE "stream_track_daily" DROP CONSTRAINT "stream_track_daily_track_id_fkey";

-- ON DELETE CASCADE, each through an index that leads with the parent's id.
CREATE FUNCTION streams_drop_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stream_daily WHERE user_id = OLD.id;
  DELETE FROM stream_country_daily WHERE user_id = OLD.id;
  DELETE FROM stream_track_daily WHERE user_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER streams_drop_user AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION streams_drop_user();

CREATE FUNCTION streams_drop_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stream_daily WHERE release_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER streams_drop_release AFTER DELETE ON releases FOR EACH ROW EXECUTE FUNCTION streams_drop_release();

CREATE FUNCTION streams_drop_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stream_daily WHERE track_id = OLD.id;
  DELETE FROM stream_track_daily WHERE track_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER streams_drop_track AFTER DELETE ON tracks FOR EACH ROW EXECUTE FUNCTION streams_drop_track();

-- ON DELETE RESTRICT: an outlet with streams stays (the error a foreign key gives: 23503).
CREATE FUNCTION streams_keep_outlet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM stream_daily WHERE outlet_id = OLD.id) THEN
    RAISE EXCEPTION 'outlet % has streams', OLD.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER streams_keep_outlet BEFORE DELETE ON outlets FOR EACH ROW EXECUTE FUNCTION streams_keep_outlet();
