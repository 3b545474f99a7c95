-- DropForeignKey
ALTER TABLE "sale_transactions" DROP CONSTRAINT "sale_transactions_import_batch_id_fkey";

-- DropForeignKey
ALTER TABLE "sale_transactions" DROP CONSTRAINT "sale_transactions_release_id_fkey";

-- DropForeignKey
ALTER TABLE "sale_transactions" DROP CONSTRAINT "sale_transactions_track_id_fkey";

-- DropForeignKey
ALTER TABLE "sale_transactions" DROP CONSTRAINT "sale_transactions_user_id_fkey";

-- DropIndex
DROP INDEX "sale_transactions_user_id_report_date_idx";

-- The outcomes the foreign keys gave, kept by triggers on the parents: per-row key checks on
-- sale_transactions were most of a sales import's time (docs/decisions.md, sales). The import only
-- writes ids it has just read from tracks, releases and users in the same transaction.
CREATE FUNCTION sale_transactions_detach() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the sale_transactions column that holds the deleted row's id.
  EXECUTE format('UPDATE sale_transactions SET %I = NULL WHERE %I = $1', TG_ARGV[0], TG_ARGV[0]) USING OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER sale_transactions_detach_user AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION sale_transactions_detach('user_id');
CREATE TRIGGER sale_transactions_detach_release AFTER DELETE ON releases FOR EACH ROW EXECUTE FUNCTION sale_transactions_detach('release_id');
CREATE TRIGGER sale_transactions_detach_track AFTER DELETE ON tracks FOR EACH ROW EXECUTE FUNCTION sale_transactions_detach('track_id');

CREATE FUNCTION sale_transactions_drop_batch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sale_transactions WHERE import_batch_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER sale_transactions_drop_batch AFTER DELETE ON sales_import_batches FOR EACH ROW EXECUTE FUNCTION sale_transactions_drop_batch();
