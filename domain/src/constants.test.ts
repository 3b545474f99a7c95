import * as c from './constants';

describe('constants (core spec §9, supporting spec §9)', () => {
  it.each([
    ['DEFAULT_ARTIST_NAME', 'Various Artists'],
    ['VARIOUS_ARTISTS_THRESHOLD', 4],
    ['DEFAULT_RELEASE_TITLE', 'New Album'],
    ['DEFAULT_TRACK_TITLE', 'Track Name'],
    ['RECORDING_VERSION_ID_DEFAULT', 2430],
    ['RECORDING_VERSION_ID_LIVE', 2414],
    ['VIP_PRIMARY_ARTISTS', 6],
    ['VIP_MAX_TRACKS', 999_999],
    ['ADDED_FREE_FIELDS', 3],
    ['COVER_MIN_SIZE_PX', 1600],
    ['PASSWORD_MIN_LENGTH', 8],
    ['NAME_MAX_LENGTH', 50],
    ['ADDRESS_LINE_MAX_LENGTH', 100],
    ['CITY_MAX_LENGTH', 100],
    ['ARTIST_NAME_MAX_LENGTH', 50],
    ['BLOCKED_BELOW_AGE', 13],
    ['ADULT_AGE', 18],
    ['PAGE_SIZE', 20],
    ['ALERT_LIST_MAX_WIDTH_PX', 490],
    ['NAV_OFFSET_PX', 70],
    ['MENU_HEIGHT_PX', 72],
    ['SCREEN_SAVER_IDLE_MS', 300_000],
    ['SCREEN_SAVER_TICK_MS', 500],
    ['SCREEN_SAVER_BPM_INITIAL', 40],
    ['SCREEN_SAVER_GRID_CELL_PX', 50],
    ['SCREEN_SAVER_LINE_WIDTH', 4],
    ['DEBOUNCE_ADDRESS_FORM_MS', 100],
    ['DEBOUNCE_PROFILE_FORM_MS', 100],
    ['DEBOUNCE_SHORT_FORM_MS', 500],
    ['GLOBAL_SPINNER_DELAY_MS', 2000],
    ['ERROR_TRACE_SAMPLE_RATE', 0.2],
    ['SUNSET_DATE_DEFAULT', '2024-09-26'],
    ['WITHDRAWAL_MINIMUM_DEFAULT', 1],
    ['DEFAULT_BIRTHDAY', '2000-01-01'],
    ['IN_APP_REFRESH_COOKIE_HOURS', 12],
  ] as const)('%s = %j', (name, value) => {
    expect(c[name]).toBe(value);
  });
  it('names cookies and storage keys as the spec does', () => {
    expect(c.COOKIES).toMatchObject({
      forceLogin: 'force_login',
      skipEmailVerificationBanner: 'skip-email-verification-banner',
      ageRestricted: 'age_restricted',
      rememberMe: 'rememberme',
    });
    expect(c.STORAGE_KEYS).toMatchObject({
      hideUpgradePlanWarning: 'hide-upgrade-plan-warning',
      authRedirectUrl: 'auth-redirect-url',
      redirectUrl: 'redirect_url',
      lockRedirectUrl: 'lock_redirect_url',
      invalidEmailNotificationSeen: 'INVALID_EMAIL_NOTIFICATION_SEEN',
    });
  });
  it('has the role ids and file types', () => {
    expect(c.ARTIST_ROLE).toEqual({ PRIMARY: 1, COMPOSER: 4, LYRICIST: 10, FEATURED: 12, PRODUCER: 18, REMIXER: 24 });
    expect(c.FILE_TYPE_EXTENSIONS).toEqual({ TRACK: ['wav', 'flac'], COVER_IMAGE: ['png', 'jpg', 'jpeg'] });
    expect(c.SCREEN_SAVER_COLOURS).toEqual(['blue', 'yellow', 'red', 'black']);
  });
});
