/**
 * Business constants and limits (core spec §9, supporting spec §9).
 * One place for every number and name that the API, the forms and the client share.
 */

// ---- Defaults -------------------------------------------------------------
/** Default artist name, also shown for releases with VARIOUS_ARTISTS_THRESHOLD or more primary artists. */
export const DEFAULT_ARTIST_NAME = 'Various Artists';
/** A release with this many primary artists (or more) is shown as DEFAULT_ARTIST_NAME. */
export const VARIOUS_ARTISTS_THRESHOLD = 4;
export const DEFAULT_RELEASE_TITLE = 'New Album';
export const DEFAULT_TRACK_TITLE = 'Track Name';
/** Recording version id of a studio recording (the default). */
export const RECORDING_VERSION_ID_DEFAULT = 2430;
/** Recording version id of a live recording. */
export const RECORDING_VERSION_ID_LIVE = 2414;
/** Default language code of releases and tracks. */
export const DEFAULT_LANGUAGE_ID = 'EN';
/** Default currency of balances and sales. */
export const DEFAULT_CURRENCY = 'USD';
/** Default birthday of the profile form, also the date picker's start date. */
export const DEFAULT_BIRTHDAY = '2000-01-01';

// ---- Plans ----------------------------------------------------------------
/** Primary artists a VIP account may have. */
export const VIP_PRIMARY_ARTISTS = 6;
/** Tracks a VIP account may have (effectively unlimited). */
export const VIP_MAX_TRACKS = 999_999;
/** Number of extra (free) primary-artist fields the form offers. */
export const ADDED_FREE_FIELDS = 3;
/** The plan allows up to this many recordings per recording artist... */
export const PLAN_RECORDINGS_PER_ARTIST = 200;
/** ...for up to this many artists. */
export const PLAN_MAX_ARTISTS = 5;

// ---- Limits ---------------------------------------------------------------
export const COVER_MIN_SIZE_PX = 1600;
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 50;
export const ADDRESS_LINE_MAX_LENGTH = 100;
export const CITY_MAX_LENGTH = 100;
export const ARTIST_NAME_MAX_LENGTH = 50;

// ---- Ages -----------------------------------------------------------------
/** Users younger than this are blocked. */
export const BLOCKED_BELOW_AGE = 13;
/** Users this age or older are adults (no parent consent needed). */
export const ADULT_AGE = 18;

// ---- Display --------------------------------------------------------------
/** Release date text when the release has no date. */
export const RELEASE_DATE_ASAP = 'ASAP';
/** Page size of paged lists (notifications, releases, sales). */
export const PAGE_SIZE = 20;
export const ALERT_LIST_MAX_WIDTH_PX = 490;
export const NAV_OFFSET_PX = 70;
export const MENU_HEIGHT_PX = 72;
export const TOP_ENTRIES_DEFAULT = 5;
export const GAUGE_LABEL_MAX_LENGTH = 28;
export const GAUGE_ARC_WIDTH_RATIO = 0.7;
export const GAUGE_LINE_WIDTH = 10;
export const SORT_ARROW_SIZE_PX = 14;
export const POPUP_MIN_WIDTH_PX = 600;
export const POPUP_MIN_WIDTH_FROM_PX = 768;
export const BANNER_TEXT_SHRINK_BELOW_PX = 480;

// ---- Breakpoints ----------------------------------------------------------
/** Widths below this are mobile. */
export const BREAKPOINT_TABLET_MIN = 768;
/** Widths above this are desktop (768..992 inclusive is tablet). */
export const BREAKPOINT_DESKTOP_ABOVE = 992;
/** The signed-in mobile menu is used at this width or less. */
export const MOBILE_MENU_MAX_WIDTH = 768;
/** The external (marketing) mobile menu is used at this width or less. */
export const EXTERNAL_MOBILE_MENU_MAX_WIDTH = 900;

// ---- Screen saver ---------------------------------------------------------
export const SCREEN_SAVER_IDLE_MS = 5 * 60 * 1000;
export const SCREEN_SAVER_TICK_MS = 500;
export const SCREEN_SAVER_BPM_INITIAL = 40;
export const SCREEN_SAVER_BPM_MIN = 90;
export const SCREEN_SAVER_BPM_MAX = 240;
export const SCREEN_SAVER_GRID_CELL_PX = 50;
export const SCREEN_SAVER_LINE_WIDTH = 4;
export const SCREEN_SAVER_CIRCLE_CHANCE = 0.67;
export const SCREEN_SAVER_FILLED_CHANCE = 0.75;
export const SCREEN_SAVER_SHIFT_STEP = 4;
export const SCREEN_SAVER_COLOURS = ['blue', 'yellow', 'red', 'black'] as const;

// ---- Timings --------------------------------------------------------------
export const DEBOUNCE_ADDRESS_FORM_MS = 100;
export const DEBOUNCE_PROFILE_FORM_MS = 100;
export const DEBOUNCE_SHORT_FORM_MS = 500;
/** A request running longer than this turns the global spinner on. */
export const GLOBAL_SPINNER_DELAY_MS = 2000;
/** In-app message delays are given in seconds. */
export const IN_APP_DELAY_UNIT_MS = 1000;
/** Lifetime of the cookie that marks the in-app message list as fresh. */
export const IN_APP_REFRESH_COOKIE_HOURS = 12;
export const ERROR_TRACE_SAMPLE_RATE = 0.2;

// ---- Dates ----------------------------------------------------------------
/** Default sunset date (configurable, environment `sunsetDate`). */
export const SUNSET_DATE_DEFAULT = '2024-09-26';
export const ANALYTICS_WINDOW_DAYS = 90;
export const LAST_REPORTED_OFFSET_DAYS = 120;
export const DATE_MIN_YEAR = 1921;
export const DATE_MAX_YEAR = 2299;
export const OBJECTION_WINDOW_DAYS = 30;

// ---- Money ----------------------------------------------------------------
/** Minimum withdrawal in whole currency units: the spec's wording says 1 (a constant's name says 10). */
export const WITHDRAWAL_MINIMUM_DEFAULT = 1;
export const VIP_DISTRIBUTION_FEE_PERCENT = 8;

// ---- Cookies and storage --------------------------------------------------
export const COOKIES = {
  forceLogin: 'force_login',
  skipEmailVerificationBanner: 'skip-email-verification-banner',
  ageRestricted: 'age_restricted',
  marketingCampaign: 'campaignId',
  marketingTemplate: 'templateId',
  webPushClick: 'web-push-click',
  rememberMe: 'rememberme',
  inAppMessagesFresh: 'in-app-messages-fresh',
} as const;

export const STORAGE_KEYS = {
  hideUpgradePlanWarning: 'hide-upgrade-plan-warning',
  authRedirectUrl: 'auth-redirect-url',
  redirectUrl: 'redirect_url',
  lockRedirectUrl: 'lock_redirect_url',
  invalidEmailNotificationSeen: 'INVALID_EMAIL_NOTIFICATION_SEEN',
  userProfile: 'user_profile',
  usernameFormData: 'username_form_data',
  shortProfileDraft: 'short_profile_draft',
  captchaCode: 'captcha_code',
} as const;

// ---- Enumerations ---------------------------------------------------------
export const BROWSER_TYPES = ['chrome', 'safari', 'firefox', 'opera', 'ie'] as const;
export const LOG_LEVELS = ['error', 'warn', 'info'] as const;
export const ACCOUNT_STATUSES = ['active', 'blocked', 'super_blocked'] as const;
export const TAX_VERIFICATION_STATUSES = ['NOT_REQUIRED', 'REQUIRED', 'FAILED', 'UNDER_REVIEW', 'VERIFIED'] as const;
export const LOG_TYPE_GLOBAL_ERROR = 'GLOBAL_ERROR';
export const UPLOAD_LIMIT_FILE_SIZE_CODE = 'LIMIT_FILE_SIZE';
export const UPLOAD_ERROR_TYPE = 'MULTER_ERROR';

/** Artist credit role ids. */
export const ARTIST_ROLE = {
  PRIMARY: 1,
  COMPOSER: 4,
  LYRICIST: 10,
  FEATURED: 12,
  PRODUCER: 18,
  REMIXER: 24,
} as const;
export type ArtistRoleId = (typeof ARTIST_ROLE)[keyof typeof ARTIST_ROLE];

/** Upload file types and their extensions. */
export const FILE_TYPE_EXTENSIONS = {
  TRACK: ['wav', 'flac'],
  COVER_IMAGE: ['png', 'jpg', 'jpeg'],
} as const;
export type UploadFileType = keyof typeof FILE_TYPE_EXTENSIONS;

/** Genre ids (string codes) by name. */
export const GENRE_IDS = {
  alternative: '2699',
  blues: '2698_3051',
  pop: '2751',
  rock: '2758',
  hipHopRap: '2754',
  electronic: '2719',
  dance: '2714',
  classical: '2708',
  country: '2711',
  folk: '2724',
  childrensMusic: '2706',
  spokenWord: '2768',
  world: '2774',
  latin: '2714_2991',
  newAge: '2719_2993',
  soul: '2698_2999',
  rnb: '2698_3060',
  reggae: '2698_2948',
  schlager: '2724_2927',
  singerSongwriter: '2699_1005025',
  vocal: '2708_3046',
  jazz: '21',
  soundtrack: '32',
} as const;
/** Genres mapped for Beatport delivery. */
export const BEATPORT_GENRE_IDS = ['2714', '2719'] as const;

export const BLOCKED_PAGE_TEXT = "Sorry, we're unable to process your request at this time.";
export const BLOCKED_PAGE_CONTACT_TEXT = 'If you feel you are seeing this page in error, please contact us';
export const SPLASH_TEXT = 'Just a sec...';
