-- CreateEnum
CREATE TYPE "user_role" AS ENUM ('USER', 'SUPPORT', 'ADMIN');

-- CreateEnum
CREATE TYPE "account_status" AS ENUM ('ACTIVE', 'BLOCKED', 'SUPER_BLOCKED');

-- CreateEnum
CREATE TYPE "tax_verification_status" AS ENUM ('NOT_REQUIRED', 'REQUIRED', 'FAILED', 'UNDER_REVIEW', 'VERIFIED');

-- CreateEnum
CREATE TYPE "email_token_kind" AS ENUM ('VERIFY_EMAIL', 'RESET_PASSWORD', 'CHANGE_EMAIL', 'PARENT_CONSENT');

-- CreateEnum
CREATE TYPE "outbox_email_status" AS ENUM ('QUEUED', 'SENT', 'FAILED', 'LOCAL');

-- CreateEnum
CREATE TYPE "file_kind" AS ENUM ('TRACK', 'COVER_IMAGE', 'DELIVERY_PACKAGE', 'EXPORT');

-- CreateEnum
CREATE TYPE "catalog_export_status" AS ENUM ('REQUESTED', 'STARTED', 'READY', 'FAILED');

-- CreateEnum
CREATE TYPE "delivery_kind" AS ENUM ('INSERT', 'UPDATE', 'TAKEDOWN');

-- CreateEnum
CREATE TYPE "delivery_status" AS ENUM ('PENDING', 'SENT', 'ACKNOWLEDGED', 'FAILED');

-- CreateEnum
CREATE TYPE "plan_name" AS ENUM ('BETA_A', 'FREE', 'COMMERCIAL_BETA', 'VIP', 'VIP2', 'INCOMPLETE', 'BETA_INCOMPLETE', 'COMPLIMENTARY_VIP');

-- CreateEnum
CREATE TYPE "billing_period" AS ENUM ('ANNUAL', 'MONTHLY', 'NONE');

-- CreateEnum
CREATE TYPE "subscription_status" AS ENUM ('ACTIVE', 'PAST_DUE', 'CANCELED', 'EXPIRED', 'INCOMPLETE');

-- CreateEnum
CREATE TYPE "promo_code_type" AS ENUM ('DISCOUNT', 'DOLLAR');

-- CreateEnum
CREATE TYPE "payment_method_type" AS ENUM ('PAYPAL_ACCOUNT', 'CREDIT_CARD', 'LEVEL_BALANCE', 'OTHER');

-- CreateEnum
CREATE TYPE "card_brand" AS ENUM ('VISA', 'MASTER_CARD', 'DISCOVER', 'AMERICAN_EXPRESS');

-- CreateEnum
CREATE TYPE "payment_status" AS ENUM ('PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED');

-- CreateEnum
CREATE TYPE "ledger_account_kind" AS ENUM ('USER_WALLET', 'SALES_CLEARING', 'FEES', 'PAYOUTS_CLEARING', 'PAYMENTS_CLEARING', 'SUBSCRIPTION_REVENUE', 'ROUNDING');

-- CreateEnum
CREATE TYPE "ledger_transaction_kind" AS ENUM ('SALES_POSTING', 'WITHDRAWAL', 'WITHDRAWAL_REVERSAL', 'SUBSCRIPTION_CHARGE', 'BALANCE_PAYMENT', 'FEE', 'REFUND', 'ADJUSTMENT');

-- CreateEnum
CREATE TYPE "withdrawal_status" AS ENUM ('PENDING', 'APPROVED', 'REJECTED');

-- CreateEnum
CREATE TYPE "payout_transaction_status" AS ENUM ('PENDING', 'FINALIZED', 'FAILED', 'CANCELLED', 'PROCESSING');

-- CreateEnum
CREATE TYPE "withdrawal_method" AS ENUM ('BANK_ACCOUNT', 'WALLET', 'WIRE', 'PAYPAL');

-- CreateEnum
CREATE TYPE "sales_import_status" AS ENUM ('PENDING', 'PROCESSING', 'IMPORTED', 'POSTED', 'FAILED');

-- CreateEnum
CREATE TYPE "in_app_message_type" AS ENUM ('popup-modal', 'alert-banner', 'sticky-bar', 'blue-banner');

-- CreateEnum
CREATE TYPE "in_app_message_audience" AS ENUM ('ALL', 'SIGNED_IN', 'VISITORS');

-- CreateEnum
CREATE TYPE "in_app_message_event_type" AS ENUM ('clicked', 'triggered');

-- CreateEnum
CREATE TYPE "invitation_status" AS ENUM ('PENDING', 'SENT', 'ACCEPTED', 'FAILED');

-- CreateEnum
CREATE TYPE "audit_category" AS ENUM ('USER', 'PLAN', 'SUBSCRIPTION', 'RELEASE', 'ACCOUNT', 'PAYMENT', 'PROMO_CODE', 'WITHDRAWAL', 'CATALOG_EXPORT', 'SUPPORT');

-- CreateEnum
CREATE TYPE "audit_subcategory" AS ENUM ('EMAIL_SENT', 'EMAIL_SAVED', 'USER_CREATED', 'USER_EDITED', 'USER_REMOVED', 'USER_IMPORTED', 'PASSWORD_RESET', 'PAYPAL_EMAIL_UPDATE', 'PLAN_DOWNGRADE', 'PLAN_UPDATED_BY_USER', 'PLAN_AUTORENEWED', 'AUTORENEW_UPDATE', 'UNSUCCESSFUL_SUBSCRIPTION', 'SUBSCRIPTION_PAST_DUE', 'SUBSCRIPTION_CHARGED_UNSUCCESSFULLY', 'RELEASE_START', 'STATUS_CHANGE', 'TAKEDOWN_AWAITING', 'SUBMIT', 'DELETE', 'BLOCK_ACCOUNT', 'UNBLOCK_ACCOUNT', 'ACCOUNT_LOCKED', 'ACCOUNT_UNLOCKED', 'PAYMENT_UPDATE', 'PROMO_CODE_USAGE', 'WITHDRAWAL', 'CATALOG_EXPORT_REQUESTED', 'CATALOG_EXPORT_STARTED', 'IMPERSONATION_START', 'IMPERSONATION_END');

-- CreateEnum
CREATE TYPE "job_status" AS ENUM ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'DEAD');

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "email_normalized" TEXT NOT NULL,
    "password_hash" TEXT,
    "password_changed_at" TIMESTAMP(3),
    "role" "user_role" NOT NULL DEFAULT 'USER',
    "status" "account_status" NOT NULL DEFAULT 'ACTIVE',
    "status_reason" TEXT,
    "status_changed_at" TIMESTAMP(3),
    "is_locked" BOOLEAN NOT NULL DEFAULT false,
    "failed_sign_in_count" INTEGER NOT NULL DEFAULT 0,
    "locked_at" TIMESTAMP(3),
    "last_sign_in_at" TIMESTAMP(3),
    "first_name" TEXT,
    "last_name" TEXT,
    "email_verified" BOOLEAN NOT NULL DEFAULT false,
    "email_verified_at" TIMESTAMP(3),
    "not_valid_email" BOOLEAN NOT NULL DEFAULT false,
    "birthday" DATE,
    "birthday_disabled" BOOLEAN NOT NULL DEFAULT false,
    "country" VARCHAR(2),
    "state" TEXT,
    "city" TEXT,
    "address1" TEXT,
    "address2" TEXT,
    "postal_code" TEXT,
    "primary_artists" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "distribution_agreement" BOOLEAN NOT NULL DEFAULT false,
    "privacy_policy_agreement" BOOLEAN NOT NULL DEFAULT false,
    "parent_email" TEXT,
    "parent_consent_at" TIMESTAMP(3),
    "paypal_email" TEXT,
    "paypal_first_name" TEXT,
    "paypal_last_name" TEXT,
    "paypal_verified_at" TIMESTAMP(3),
    "user_metadata" JSONB NOT NULL DEFAULT '{}',
    "is_analytics_disabled" BOOLEAN NOT NULL DEFAULT false,
    "tax_verification_status" "tax_verification_status" NOT NULL DEFAULT 'NOT_REQUIRED',
    "agreement_accepted_at" TIMESTAMP(3),
    "onboarding_completed_at" TIMESTAMP(3),
    "brand" TEXT NOT NULL DEFAULT 'default',
    "imported_at" TIMESTAMP(3),
    "deleted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "impersonator_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "idle_expires_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "ip" TEXT,
    "user_agent" TEXT,
    "revoked_at" TIMESTAMP(3),
    "revoked_reason" TEXT,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "last_used_at" TIMESTAMP(3),
    "expires_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_tokens" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "kind" "email_token_kind" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "new_email" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_emails" (
    "id" TEXT NOT NULL,
    "user_id" TEXT,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "template" TEXT,
    "status" "outbox_email_status" NOT NULL DEFAULT 'QUEUED',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbox_emails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "captcha_challenges" (
    "id" TEXT NOT NULL,
    "user_id" TEXT,
    "purpose" TEXT NOT NULL,
    "answer_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "solved_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "captcha_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limit_buckets" (
    "key" TEXT NOT NULL,
    "window_start" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("key","window_start")
);

-- CreateTable
CREATE TABLE "genres" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "genres_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "languages" (
    "id" VARCHAR(8) NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "languages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "countries" (
    "code" VARCHAR(2) NOT NULL,
    "name" TEXT NOT NULL,
    "is_eu" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "countries_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "us_states" (
    "value" VARCHAR(2) NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "us_states_pkey" PRIMARY KEY ("value")
);

-- CreateTable
CREATE TABLE "canadian_provinces" (
    "value" VARCHAR(2) NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "canadian_provinces_pkey" PRIMARY KEY ("value")
);

-- CreateTable
CREATE TABLE "outlets" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "colour" TEXT,

    CONSTRAINT "outlets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dsps" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "uri" TEXT NOT NULL,
    "show_in_list" BOOLEAN NOT NULL DEFAULT true,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "genre_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "dsps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "artist_roles" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "artist_roles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "seed_state" (
    "key" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "applied_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seed_state_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "releases" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "genre_id" TEXT,
    "status" INTEGER NOT NULL DEFAULT 0,
    "language_id" VARCHAR(8) NOT NULL DEFAULT 'EN',
    "cover_art_file_id" TEXT,
    "comment" TEXT,
    "territory_allowed" BOOLEAN,
    "territory_country_codes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "upc" TEXT,
    "catalog_number" TEXT,
    "label_name" TEXT,
    "p_line" TEXT,
    "c_line" TEXT,
    "release_date" DATE,
    "original_release_date" DATE,
    "is_ddex" BOOLEAN NOT NULL DEFAULT false,
    "takedown_date" TIMESTAMP(3),
    "reject_date" TIMESTAMP(3),
    "submitted_at" TIMESTAMP(3),
    "status_changed_at" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "deleted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "releases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "release_dsps" (
    "release_id" TEXT NOT NULL,
    "dsp_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "release_dsps_pkey" PRIMARY KEY ("release_id","dsp_id")
);

-- CreateTable
CREATE TABLE "release_locks" (
    "release_id" TEXT NOT NULL,
    "lock_type" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "session_id" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "release_locks_pkey" PRIMARY KEY ("release_id","lock_type")
);

-- CreateTable
CREATE TABLE "tracks" (
    "id" TEXT NOT NULL,
    "release_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "audio_file_id" TEXT,
    "file_name" TEXT,
    "isrc" TEXT,
    "genre_id" TEXT,
    "recording_version_id" INTEGER NOT NULL DEFAULT 2430,
    "is_cover" BOOLEAN NOT NULL DEFAULT false,
    "language_id" VARCHAR(8) NOT NULL DEFAULT 'EN',
    "explicit_lyrics" BOOLEAN NOT NULL DEFAULT false,
    "is_remix" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,
    "sample_rate" INTEGER,
    "bit_depth" INTEGER,
    "channels" INTEGER,
    "duration_ms" INTEGER,
    "codec" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tracks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "artist_credits" (
    "id" TEXT NOT NULL,
    "release_id" TEXT NOT NULL,
    "track_id" TEXT,
    "user_id" TEXT NOT NULL,
    "artist_name" VARCHAR(50) NOT NULL,
    "artist_relation_type_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "artist_credits_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stored_files" (
    "id" TEXT NOT NULL,
    "user_id" TEXT,
    "kind" "file_kind" NOT NULL,
    "storage_key" TEXT NOT NULL,
    "original_name" TEXT,
    "mime_type" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "sha256" TEXT,
    "md5" TEXT,
    "width" INTEGER,
    "height" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMP(3),

    CONSTRAINT "stored_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "download_links" (
    "id" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "release_id" TEXT,
    "file_id" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "download_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "catalog_exports" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "status" "catalog_export_status" NOT NULL DEFAULT 'REQUESTED',
    "file_id" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "catalog_exports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "release_deliveries" (
    "id" TEXT NOT NULL,
    "release_id" TEXT NOT NULL,
    "dsp_id" INTEGER NOT NULL,
    "kind" "delivery_kind" NOT NULL,
    "status" "delivery_status" NOT NULL DEFAULT 'PENDING',
    "message_id" TEXT,
    "package_file_id" TEXT,
    "error" TEXT,
    "sent_at" TIMESTAMP(3),
    "acknowledged_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "release_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plans" (
    "name" "plan_name" NOT NULL,
    "display_name" TEXT NOT NULL,
    "description" TEXT,
    "price_minor" INTEGER NOT NULL DEFAULT 0,
    "currency" CHAR(3) NOT NULL DEFAULT 'USD',
    "billing_period" "billing_period" NOT NULL DEFAULT 'ANNUAL',
    "primary_artist_limit" INTEGER NOT NULL,
    "track_limit" INTEGER NOT NULL,
    "distribution_fee_bps" INTEGER NOT NULL DEFAULT 0,
    "features" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "purchasable" BOOLEAN NOT NULL DEFAULT false,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" TEXT NOT NULL,
    "user_id" TEXT,
    "plan_name" "plan_name" NOT NULL,
    "status" "subscription_status" NOT NULL DEFAULT 'ACTIVE',
    "auto_renew" BOOLEAN NOT NULL DEFAULT false,
    "current_period_start" TIMESTAMP(3) NOT NULL,
    "current_period_end" TIMESTAMP(3),
    "canceled_at" TIMESTAMP(3),
    "past_due_since" TIMESTAMP(3),
    "failed_charge_count" INTEGER NOT NULL DEFAULT 0,
    "payment_method_id" TEXT,
    "provider_subscription_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "promo_codes" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "type" "promo_code_type" NOT NULL,
    "percent_bps" INTEGER,
    "amount_minor" INTEGER,
    "currency" CHAR(3) NOT NULL DEFAULT 'USD',
    "plan_names" "plan_name"[] DEFAULT ARRAY[]::"plan_name"[],
    "valid_from" TIMESTAMP(3),
    "valid_until" TIMESTAMP(3),
    "max_uses" INTEGER,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "promo_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "promo_code_redemptions" (
    "id" TEXT NOT NULL,
    "promo_code_id" TEXT NOT NULL,
    "user_id" TEXT,
    "subscription_id" TEXT,
    "discount_minor" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "promo_code_redemptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_methods" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "type" "payment_method_type" NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_token" TEXT,
    "card_brand" "card_brand",
    "last4" VARCHAR(4),
    "exp_month" INTEGER,
    "exp_year" INTEGER,
    "paypal_email" TEXT,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMP(3),

    CONSTRAINT "payment_methods_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" TEXT NOT NULL,
    "user_id" TEXT,
    "subscription_id" TEXT,
    "payment_method_id" TEXT,
    "promo_code_id" TEXT,
    "amount_minor" BIGINT NOT NULL,
    "discount_minor" BIGINT NOT NULL DEFAULT 0,
    "currency" CHAR(3) NOT NULL DEFAULT 'USD',
    "status" "payment_status" NOT NULL DEFAULT 'PENDING',
    "provider" TEXT NOT NULL,
    "provider_transaction_id" TEXT,
    "failure_kind" TEXT,
    "failure_message" TEXT,
    "idempotency_key" TEXT NOT NULL,
    "ledger_transaction_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_accounts" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "user_id" TEXT,
    "kind" "ledger_account_kind" NOT NULL,
    "currency" CHAR(3) NOT NULL DEFAULT 'USD',
    "balance_minor" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ledger_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_transactions" (
    "id" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "kind" "ledger_transaction_kind" NOT NULL,
    "description" TEXT,
    "metadata" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" BIGSERIAL NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_holds" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "released_at" TIMESTAMP(3),

    CONSTRAINT "ledger_holds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "withdrawals" (
    "id" TEXT NOT NULL,
    "user_id" TEXT,
    "account_id" TEXT NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "fee_minor" BIGINT NOT NULL DEFAULT 0,
    "currency" CHAR(3) NOT NULL DEFAULT 'USD',
    "status" "withdrawal_status" NOT NULL DEFAULT 'PENDING',
    "method" "withdrawal_method",
    "idempotency_key" TEXT NOT NULL,
    "external_id" TEXT,
    "payout_status" "payout_transaction_status",
    "error_code" TEXT,
    "messages" JSONB,
    "hold_id" TEXT,
    "ledger_transaction_id" TEXT,
    "decided_by_id" TEXT,
    "decided_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "withdrawals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sales_import_batches" (
    "id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "file_name" TEXT,
    "file_id" TEXT,
    "checksum" TEXT NOT NULL,
    "period" VARCHAR(7) NOT NULL,
    "status" "sales_import_status" NOT NULL DEFAULT 'PENDING',
    "row_count" INTEGER NOT NULL DEFAULT 0,
    "total_payable" DECIMAL(20,8) NOT NULL DEFAULT 0,
    "currency" CHAR(3) NOT NULL DEFAULT 'USD',
    "error" TEXT,
    "ledger_transaction_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "posted_at" TIMESTAMP(3),

    CONSTRAINT "sales_import_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sale_transactions" (
    "id" BIGSERIAL NOT NULL,
    "import_batch_id" TEXT NOT NULL,
    "period" VARCHAR(7) NOT NULL,
    "report_date" DATE NOT NULL,
    "user_id" TEXT,
    "release_id" TEXT,
    "track_id" TEXT,
    "artist_name" TEXT,
    "release_title" TEXT,
    "track_title" TEXT,
    "isrc" TEXT,
    "upc" TEXT,
    "outlet_id" INTEGER,
    "outlet_name" TEXT,
    "service_name" TEXT NOT NULL,
    "country_code" VARCHAR(2),
    "units" INTEGER NOT NULL,
    "payable" DECIMAL(20,8) NOT NULL,
    "currency" CHAR(3) NOT NULL DEFAULT 'USD',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sale_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stream_daily" (
    "id" BIGSERIAL NOT NULL,
    "date" DATE NOT NULL,
    "user_id" TEXT NOT NULL,
    "release_id" TEXT NOT NULL,
    "track_id" TEXT NOT NULL,
    "outlet_id" INTEGER NOT NULL,
    "country_code" VARCHAR(2) NOT NULL,
    "quantity" INTEGER NOT NULL,

    CONSTRAINT "stream_daily_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "in_app_messages" (
    "id" TEXT NOT NULL,
    "type" "in_app_message_type" NOT NULL,
    "headline" TEXT,
    "body_text" TEXT NOT NULL,
    "cta_text" TEXT,
    "cta_url" TEXT,
    "cta_new_tab" BOOLEAN NOT NULL DEFAULT false,
    "disable_close_btn" BOOLEAN NOT NULL DEFAULT false,
    "delay" INTEGER NOT NULL DEFAULT 0,
    "pages" TEXT[] DEFAULT ARRAY['all']::TEXT[],
    "devices" TEXT[] DEFAULT ARRAY['desktop', 'mobile', 'tablet']::TEXT[],
    "start_date" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "end_date" TIMESTAMP(3),
    "force" BOOLEAN NOT NULL DEFAULT false,
    "is_stand_alone" BOOLEAN NOT NULL DEFAULT false,
    "is_display_always" BOOLEAN NOT NULL DEFAULT false,
    "audience" "in_app_message_audience" NOT NULL DEFAULT 'ALL',
    "created_by_id" TEXT,
    "archived_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "in_app_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "in_app_message_dismissals" (
    "message_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "in_app_message_dismissals_pkey" PRIMARY KEY ("message_id","user_id")
);

-- CreateTable
CREATE TABLE "in_app_message_events" (
    "id" BIGSERIAL NOT NULL,
    "message_id" TEXT NOT NULL,
    "user_id" TEXT,
    "type" "in_app_message_event_type" NOT NULL,
    "destination_url" TEXT NOT NULL DEFAULT '',
    "site_location" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "in_app_message_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invitations" (
    "id" TEXT NOT NULL,
    "inviter_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "email_normalized" TEXT NOT NULL,
    "status" "invitation_status" NOT NULL DEFAULT 'PENDING',
    "accepted_user_id" TEXT,
    "sent_at" TIMESTAMP(3),
    "accepted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "marketing_trackings" (
    "id" TEXT NOT NULL,
    "user_id" TEXT,
    "campaign_id" TEXT NOT NULL,
    "template_id" TEXT,
    "source" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "marketing_trackings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tracked_events" (
    "id" BIGSERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "event_name" TEXT NOT NULL,
    "properties" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tracked_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "web_push_tokens" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "user_agent" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "web_push_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "web_push_clicks" (
    "id" BIGSERIAL NOT NULL,
    "user_id" TEXT,
    "campaign_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "web_push_clicks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_events" (
    "id" TEXT NOT NULL,
    "category" "audit_category" NOT NULL,
    "subcategory" "audit_subcategory" NOT NULL,
    "user_id" TEXT,
    "actor_id" TEXT,
    "impersonator_id" TEXT,
    "entity_type" TEXT,
    "entity_id" TEXT,
    "old_values" JSONB,
    "new_values" JSONB,
    "ip" TEXT,
    "request_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_logs" (
    "id" BIGSERIAL NOT NULL,
    "type" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "user_id" TEXT,
    "user_agent" TEXT,
    "url" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "jobs" (
    "id" TEXT NOT NULL,
    "queue" TEXT NOT NULL DEFAULT 'default',
    "name" TEXT NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "status" "job_status" NOT NULL DEFAULT 'QUEUED',
    "priority" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 5,
    "run_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_by" TEXT,
    "locked_until" TIMESTAMP(3),
    "last_error" TEXT,
    "unique_key" TEXT,
    "result" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_normalized_key" ON "users"("email_normalized");

-- CreateIndex
CREATE INDEX "users_role_idx" ON "users"("role");

-- CreateIndex
CREATE INDEX "users_status_idx" ON "users"("status");

-- CreateIndex
CREATE INDEX "users_last_name_first_name_idx" ON "users"("last_name", "first_name");

-- CreateIndex
CREATE INDEX "users_created_at_idx" ON "users"("created_at");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "sessions_impersonator_id_idx" ON "sessions"("impersonator_id");

-- CreateIndex
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "api_tokens_user_id_idx" ON "api_tokens"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "email_tokens_token_hash_key" ON "email_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "email_tokens_user_id_kind_idx" ON "email_tokens"("user_id", "kind");

-- CreateIndex
CREATE INDEX "email_tokens_expires_at_idx" ON "email_tokens"("expires_at");

-- CreateIndex
CREATE INDEX "outbox_emails_user_id_idx" ON "outbox_emails"("user_id");

-- CreateIndex
CREATE INDEX "outbox_emails_to_idx" ON "outbox_emails"("to");

-- CreateIndex
CREATE INDEX "outbox_emails_status_created_at_idx" ON "outbox_emails"("status", "created_at");

-- CreateIndex
CREATE INDEX "outbox_emails_created_at_idx" ON "outbox_emails"("created_at");

-- CreateIndex
CREATE INDEX "captcha_challenges_user_id_idx" ON "captcha_challenges"("user_id");

-- CreateIndex
CREATE INDEX "captcha_challenges_expires_at_idx" ON "captcha_challenges"("expires_at");

-- CreateIndex
CREATE INDEX "rate_limit_buckets_expires_at_idx" ON "rate_limit_buckets"("expires_at");

-- CreateIndex
CREATE INDEX "countries_is_eu_idx" ON "countries"("is_eu");

-- CreateIndex
CREATE UNIQUE INDEX "dsps_uri_key" ON "dsps"("uri");

-- CreateIndex
CREATE INDEX "dsps_show_in_list_sort_order_idx" ON "dsps"("show_in_list", "sort_order");

-- CreateIndex
CREATE UNIQUE INDEX "releases_cover_art_file_id_key" ON "releases"("cover_art_file_id");

-- CreateIndex
CREATE INDEX "releases_user_id_status_idx" ON "releases"("user_id", "status");

-- CreateIndex
CREATE INDEX "releases_user_id_created_at_idx" ON "releases"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "releases_status_release_date_idx" ON "releases"("status", "release_date");

-- CreateIndex
CREATE INDEX "releases_upc_idx" ON "releases"("upc");

-- CreateIndex
CREATE INDEX "release_dsps_dsp_id_idx" ON "release_dsps"("dsp_id");

-- CreateIndex
CREATE INDEX "release_locks_user_id_idx" ON "release_locks"("user_id");

-- CreateIndex
CREATE INDEX "release_locks_expires_at_idx" ON "release_locks"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "tracks_audio_file_id_key" ON "tracks"("audio_file_id");

-- CreateIndex
CREATE INDEX "tracks_release_id_position_idx" ON "tracks"("release_id", "position");

-- CreateIndex
CREATE INDEX "tracks_user_id_idx" ON "tracks"("user_id");

-- CreateIndex
CREATE INDEX "tracks_isrc_idx" ON "tracks"("isrc");

-- CreateIndex
CREATE INDEX "artist_credits_release_id_idx" ON "artist_credits"("release_id");

-- CreateIndex
CREATE INDEX "artist_credits_user_id_artist_name_idx" ON "artist_credits"("user_id", "artist_name");

-- CreateIndex
CREATE UNIQUE INDEX "artist_credits_track_id_artist_relation_type_id_artist_name_key" ON "artist_credits"("track_id", "artist_relation_type_id", "artist_name");

-- CreateIndex
CREATE UNIQUE INDEX "stored_files_storage_key_key" ON "stored_files"("storage_key");

-- CreateIndex
CREATE INDEX "stored_files_user_id_kind_idx" ON "stored_files"("user_id", "kind");

-- CreateIndex
CREATE INDEX "stored_files_deleted_at_idx" ON "stored_files"("deleted_at");

-- CreateIndex
CREATE UNIQUE INDEX "download_links_code_hash_key" ON "download_links"("code_hash");

-- CreateIndex
CREATE INDEX "download_links_user_id_idx" ON "download_links"("user_id");

-- CreateIndex
CREATE INDEX "download_links_release_id_idx" ON "download_links"("release_id");

-- CreateIndex
CREATE INDEX "download_links_expires_at_idx" ON "download_links"("expires_at");

-- CreateIndex
CREATE INDEX "catalog_exports_user_id_created_at_idx" ON "catalog_exports"("user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "release_deliveries_message_id_key" ON "release_deliveries"("message_id");

-- CreateIndex
CREATE INDEX "release_deliveries_release_id_idx" ON "release_deliveries"("release_id");

-- CreateIndex
CREATE INDEX "release_deliveries_dsp_id_status_idx" ON "release_deliveries"("dsp_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_provider_subscription_id_key" ON "subscriptions"("provider_subscription_id");

-- CreateIndex
CREATE INDEX "subscriptions_user_id_status_idx" ON "subscriptions"("user_id", "status");

-- CreateIndex
CREATE INDEX "subscriptions_status_current_period_end_idx" ON "subscriptions"("status", "current_period_end");

-- CreateIndex
CREATE INDEX "subscriptions_payment_method_id_idx" ON "subscriptions"("payment_method_id");

-- CreateIndex
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes"("code");

-- CreateIndex
CREATE INDEX "promo_code_redemptions_user_id_idx" ON "promo_code_redemptions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "promo_code_redemptions_promo_code_id_user_id_key" ON "promo_code_redemptions"("promo_code_id", "user_id");

-- CreateIndex
CREATE INDEX "payment_methods_user_id_idx" ON "payment_methods"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "payment_methods_provider_provider_token_key" ON "payment_methods"("provider", "provider_token");

-- CreateIndex
CREATE UNIQUE INDEX "payments_idempotency_key_key" ON "payments"("idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "payments_ledger_transaction_id_key" ON "payments"("ledger_transaction_id");

-- CreateIndex
CREATE INDEX "payments_user_id_created_at_idx" ON "payments"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "payments_subscription_id_idx" ON "payments"("subscription_id");

-- CreateIndex
CREATE INDEX "payments_payment_method_id_idx" ON "payments"("payment_method_id");

-- CreateIndex
CREATE INDEX "payments_provider_provider_transaction_id_idx" ON "payments"("provider", "provider_transaction_id");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_accounts_code_key" ON "ledger_accounts"("code");

-- CreateIndex
CREATE INDEX "ledger_accounts_user_id_kind_idx" ON "ledger_accounts"("user_id", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_transactions_idempotency_key_key" ON "ledger_transactions"("idempotency_key");

-- CreateIndex
CREATE INDEX "ledger_transactions_kind_created_at_idx" ON "ledger_transactions"("kind", "created_at");

-- CreateIndex
CREATE INDEX "ledger_entries_transaction_id_idx" ON "ledger_entries"("transaction_id");

-- CreateIndex
CREATE INDEX "ledger_entries_account_id_created_at_idx" ON "ledger_entries"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "ledger_holds_account_id_released_at_idx" ON "ledger_holds"("account_id", "released_at");

-- CreateIndex
CREATE UNIQUE INDEX "withdrawals_idempotency_key_key" ON "withdrawals"("idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "withdrawals_external_id_key" ON "withdrawals"("external_id");

-- CreateIndex
CREATE UNIQUE INDEX "withdrawals_hold_id_key" ON "withdrawals"("hold_id");

-- CreateIndex
CREATE UNIQUE INDEX "withdrawals_ledger_transaction_id_key" ON "withdrawals"("ledger_transaction_id");

-- CreateIndex
CREATE INDEX "withdrawals_user_id_created_at_idx" ON "withdrawals"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "withdrawals_account_id_idx" ON "withdrawals"("account_id");

-- CreateIndex
CREATE INDEX "withdrawals_status_created_at_idx" ON "withdrawals"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "sales_import_batches_checksum_key" ON "sales_import_batches"("checksum");

-- CreateIndex
CREATE INDEX "sales_import_batches_period_idx" ON "sales_import_batches"("period");

-- CreateIndex
CREATE INDEX "sale_transactions_user_id_period_idx" ON "sale_transactions"("user_id", "period");

-- CreateIndex
CREATE INDEX "sale_transactions_user_id_report_date_idx" ON "sale_transactions"("user_id", "report_date");

-- CreateIndex
CREATE INDEX "sale_transactions_import_batch_id_idx" ON "sale_transactions"("import_batch_id");

-- CreateIndex
CREATE INDEX "sale_transactions_release_id_idx" ON "sale_transactions"("release_id");

-- CreateIndex
CREATE INDEX "sale_transactions_track_id_idx" ON "sale_transactions"("track_id");

-- CreateIndex
CREATE INDEX "stream_daily_user_id_date_idx" ON "stream_daily"("user_id", "date");

-- CreateIndex
CREATE INDEX "stream_daily_user_id_outlet_id_date_idx" ON "stream_daily"("user_id", "outlet_id", "date");

-- CreateIndex
CREATE INDEX "stream_daily_release_id_date_idx" ON "stream_daily"("release_id", "date");

-- CreateIndex
CREATE UNIQUE INDEX "stream_daily_track_id_date_outlet_id_country_code_key" ON "stream_daily"("track_id", "date", "outlet_id", "country_code");

-- CreateIndex
CREATE INDEX "in_app_messages_audience_start_date_idx" ON "in_app_messages"("audience", "start_date");

-- CreateIndex
CREATE INDEX "in_app_message_dismissals_user_id_idx" ON "in_app_message_dismissals"("user_id");

-- CreateIndex
CREATE INDEX "in_app_message_events_message_id_type_idx" ON "in_app_message_events"("message_id", "type");

-- CreateIndex
CREATE INDEX "in_app_message_events_user_id_idx" ON "in_app_message_events"("user_id");

-- CreateIndex
CREATE INDEX "invitations_email_normalized_idx" ON "invitations"("email_normalized");

-- CreateIndex
CREATE INDEX "invitations_accepted_user_id_idx" ON "invitations"("accepted_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "invitations_inviter_id_email_normalized_key" ON "invitations"("inviter_id", "email_normalized");

-- CreateIndex
CREATE INDEX "marketing_trackings_user_id_idx" ON "marketing_trackings"("user_id");

-- CreateIndex
CREATE INDEX "marketing_trackings_campaign_id_created_at_idx" ON "marketing_trackings"("campaign_id", "created_at");

-- CreateIndex
CREATE INDEX "tracked_events_user_id_created_at_idx" ON "tracked_events"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "tracked_events_event_name_created_at_idx" ON "tracked_events"("event_name", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "web_push_tokens_token_key" ON "web_push_tokens"("token");

-- CreateIndex
CREATE INDEX "web_push_tokens_user_id_idx" ON "web_push_tokens"("user_id");

-- CreateIndex
CREATE INDEX "web_push_clicks_campaign_id_created_at_idx" ON "web_push_clicks"("campaign_id", "created_at");

-- CreateIndex
CREATE INDEX "web_push_clicks_user_id_idx" ON "web_push_clicks"("user_id");

-- CreateIndex
CREATE INDEX "audit_events_user_id_created_at_idx" ON "audit_events"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_events_actor_id_created_at_idx" ON "audit_events"("actor_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_events_impersonator_id_idx" ON "audit_events"("impersonator_id");

-- CreateIndex
CREATE INDEX "audit_events_entity_type_entity_id_idx" ON "audit_events"("entity_type", "entity_id");

-- CreateIndex
CREATE INDEX "audit_events_category_subcategory_created_at_idx" ON "audit_events"("category", "subcategory", "created_at");

-- CreateIndex
CREATE INDEX "client_logs_created_at_idx" ON "client_logs"("created_at");

-- CreateIndex
CREATE INDEX "client_logs_user_id_idx" ON "client_logs"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "jobs_unique_key_key" ON "jobs"("unique_key");

-- CreateIndex
CREATE INDEX "jobs_status_run_at_idx" ON "jobs"("status", "run_at");

-- CreateIndex
CREATE INDEX "jobs_queue_status_run_at_idx" ON "jobs"("queue", "status", "run_at");

-- CreateIndex
CREATE INDEX "jobs_status_locked_until_idx" ON "jobs"("status", "locked_until");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_country_fkey" FOREIGN KEY ("country") REFERENCES "countries"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_fkey" FOREIGN KEY ("impersonator_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "captcha_challenges" ADD CONSTRAINT "captcha_challenges_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "releases" ADD CONSTRAINT "releases_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "releases" ADD CONSTRAINT "releases_genre_id_fkey" FOREIGN KEY ("genre_id") REFERENCES "genres"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "releases" ADD CONSTRAINT "releases_language_id_fkey" FOREIGN KEY ("language_id") REFERENCES "languages"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "releases" ADD CONSTRAINT "releases_cover_art_file_id_fkey" FOREIGN KEY ("cover_art_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_dsps" ADD CONSTRAINT "release_dsps_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_dsps" ADD CONSTRAINT "release_dsps_dsp_id_fkey" FOREIGN KEY ("dsp_id") REFERENCES "dsps"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_locks" ADD CONSTRAINT "release_locks_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_locks" ADD CONSTRAINT "release_locks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_audio_file_id_fkey" FOREIGN KEY ("audio_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_genre_id_fkey" FOREIGN KEY ("genre_id") REFERENCES "genres"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_language_id_fkey" FOREIGN KEY ("language_id") REFERENCES "languages"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "artist_credits" ADD CONSTRAINT "artist_credits_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "artist_credits" ADD CONSTRAINT "artist_credits_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "tracks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "artist_credits" ADD CONSTRAINT "artist_credits_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "artist_credits" ADD CONSTRAINT "artist_credits_artist_relation_type_id_fkey" FOREIGN KEY ("artist_relation_type_id") REFERENCES "artist_roles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "download_links" ADD CONSTRAINT "download_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "download_links" ADD CONSTRAINT "download_links_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "download_links" ADD CONSTRAINT "download_links_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_exports" ADD CONSTRAINT "catalog_exports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_exports" ADD CONSTRAINT "catalog_exports_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_deliveries" ADD CONSTRAINT "release_deliveries_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_deliveries" ADD CONSTRAINT "release_deliveries_dsp_id_fkey" FOREIGN KEY ("dsp_id") REFERENCES "dsps"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_deliveries" ADD CONSTRAINT "release_deliveries_package_file_id_fkey" FOREIGN KEY ("package_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_name_fkey" FOREIGN KEY ("plan_name") REFERENCES "plans"("name") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_id_fkey" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_promo_code_id_fkey" FOREIGN KEY ("promo_code_id") REFERENCES "promo_codes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_fkey" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_promo_code_id_fkey" FOREIGN KEY ("promo_code_id") REFERENCES "promo_codes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_ledger_transaction_id_fkey" FOREIGN KEY ("ledger_transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_id_fkey" FOREIGN KEY ("hold_id") REFERENCES "ledger_holds"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_ledger_transaction_id_fkey" FOREIGN KEY ("ledger_transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales_import_batches" ADD CONSTRAINT "sales_import_batches_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales_import_batches" ADD CONSTRAINT "sales_import_batches_ledger_transaction_id_fkey" FOREIGN KEY ("ledger_transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_transactions" ADD CONSTRAINT "sale_transactions_import_batch_id_fkey" FOREIGN KEY ("import_batch_id") REFERENCES "sales_import_batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_transactions" ADD CONSTRAINT "sale_transactions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_transactions" ADD CONSTRAINT "sale_transactions_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_transactions" ADD CONSTRAINT "sale_transactions_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "tracks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stream_daily" ADD CONSTRAINT "stream_daily_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stream_daily" ADD CONSTRAINT "stream_daily_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stream_daily" ADD CONSTRAINT "stream_daily_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "tracks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stream_daily" ADD CONSTRAINT "stream_daily_outlet_id_fkey" FOREIGN KEY ("outlet_id") REFERENCES "outlets"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "in_app_messages" ADD CONSTRAINT "in_app_messages_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "in_app_message_dismissals" ADD CONSTRAINT "in_app_message_dismissals_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "in_app_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "in_app_message_dismissals" ADD CONSTRAINT "in_app_message_dismissals_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "in_app_message_events" ADD CONSTRAINT "in_app_message_events_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "in_app_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "in_app_message_events" ADD CONSTRAINT "in_app_message_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_id_fkey" FOREIGN KEY ("inviter_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_user_id_fkey" FOREIGN KEY ("accepted_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "marketing_trackings" ADD CONSTRAINT "marketing_trackings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracked_events" ADD CONSTRAINT "tracked_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "web_push_tokens" ADD CONSTRAINT "web_push_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "web_push_clicks" ADD CONSTRAINT "web_push_clicks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_impersonator_id_fkey" FOREIGN KEY ("impersonator_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_logs" ADD CONSTRAINT "client_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
