/**
 * Seeds the dictionaries (every start) and, when asked, the demo accounts (embedded database).
 *
 * Quick and idempotent: the dictionaries carry a content hash stored in seed_state, so a start with
 * unchanged seed data costs one query. When the hash differs, missing rows are inserted in bulk and
 * changed rows updated; rows that disappeared from the seed files are left alone (releases and sales
 * may still point at them). Demo data is looked up by email and created in one transaction, so it is
 * either fully there or not at all.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { CA_PROVINCES, US_STATES } from '@cadence/domain/countries';
import { buildRejectionComment } from '@cadence/domain/rejection-comment';
import { RELEASE_STATUS_ORDER } from '@cadence/domain/release-status';
import type { Prisma, PrismaClient } from '../api/src/generated/prisma/client.ts';
import { batchKeys } from '../api/src/modules/sales/sales-groups.ts';
import { ARTIST_ROLES } from './seed/artist-roles.ts';
import { COUNTRIES } from './seed/countries.ts';
import { DSPS } from './seed/dsps.ts';
import { GENRES } from './seed/genres.ts';
import { LANGUAGES } from './seed/languages.ts';
import { OUTLETS } from './seed/outlets.ts';
import { PLANS } from './seed/plans.ts';

/** A time-ordered UUIDv7 (as Prisma's uuid(7) default makes), so seeded rows sort with new ones. */
function uuidv7(): string {
  const b = randomBytes(16);
  b.writeUIntBE(Date.now(), 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface SeedOptions {
  /** Also create the demo artist and the support account. */
  demo: boolean;
  /** argon2id hasher of the API (only called when a demo account is created). */
  hashPassword: (pw: string) => Promise<string>;
}

/** Sign-in of the demo accounts (README shows them). */
export const DEMO_ARTIST_EMAIL = 'artist@cadence.test';
export const DEMO_SUPPORT_EMAIL = 'support@cadence.test';
/** An admin (store endpoints, staff roles, sales imports). */
export const DEMO_ADMIN_EMAIL = 'admin@cadence.test';
export const DEMO_PASSWORD = 'Cadence123';
/**
 * Two more artists with earnings for trying withdrawals without spending the demo artist's balance
 * (the e2e withdrawal journey uses them): one not yet linked to PayPal, one whose tax verification
 * the sandbox payout provider reports as REQUIRED (the '+tax-required' tag).
 */
export const DEMO_PAYEES = [
  { email: 'payee@cadence.test', artist: 'River Stone', balanceMinor: 120_00n, paypal: false },
  { email: 'payee+tax-required@cadence.test', artist: 'Tess Quill', balanceMinor: 80_00n, paypal: true },
] as const;

const DICTIONARY_SEED_KEY = 'dictionaries';

/** Seeds dictionaries and, with opts.demo, the demo accounts. Safe to run on every start. */
/** The demo accounts are written in one transaction each; a slow first start must not time it out at Prisma's 5 s. */
const SEED_TX = { timeout: 120_000, maxWait: 30_000 } as const;

export async function seed(prisma: PrismaClient, opts: SeedOptions): Promise<void> {
  await seedDictionaries(prisma);
  if (opts.demo) await seedDemo(prisma, opts.hashPassword);
}

// ------------------------------------------------------------------------------ dictionaries

const dictionaries = {
  countries: COUNTRIES.map((c) => ({ code: c.code, name: c.name, isEu: c.isEu })),
  languages: LANGUAGES.map((l) => ({ id: l.id, name: l.name })),
  genres: GENRES.map((g, i) => ({ id: g.id, name: g.name, sortOrder: i, enabled: true })),
  outlets: OUTLETS.map((o) => ({ id: o.id, name: o.name, colour: o.colour })),
  dsps: DSPS.map((d, i) => ({ ...d, genreIds: [...d.genreIds], sortOrder: i })),
  usStates: US_STATES.map((s) => ({ value: s.value, name: s.name })),
  canadianProvinces: CA_PROVINCES.map((s) => ({ value: s.value, name: s.name })),
  artistRoles: ARTIST_ROLES.map((r) => ({ id: r.id, name: r.name })),
  plans: PLANS.map((p) => ({ ...p, features: [...p.features] })),
};

/** Hash of everything seeded: a change to any seed file changes it. */
export const DICTIONARY_SEED_VERSION = createHash('sha256').update(JSON.stringify(dictionaries)).digest('hex').slice(0, 16);

async function seedDictionaries(prisma: PrismaClient): Promise<void> {
  const state = await prisma.seedState.findUnique({ where: { key: DICTIONARY_SEED_KEY } });
  if (state?.version === DICTIONARY_SEED_VERSION) return;

  const d = dictionaries;
  // Parents first: users reference countries, releases genres and languages, and so on.
  await sync(d.countries, (r) => r.code, () => prisma.country.findMany(), {
    create: (rows) => prisma.country.createMany({ data: rows, skipDuplicates: true }),
    update: ({ code, ...data }) => prisma.country.update({ where: { code }, data }),
  });
  await sync(d.languages, (r) => r.id, () => prisma.language.findMany(), {
    create: (rows) => prisma.language.createMany({ data: rows, skipDuplicates: true }),
    update: ({ id, ...data }) => prisma.language.update({ where: { id }, data }),
  });
  await sync(d.genres, (r) => r.id, () => prisma.genre.findMany(), {
    create: (rows) => prisma.genre.createMany({ data: rows, skipDuplicates: true }),
    update: ({ id, ...data }) => prisma.genre.update({ where: { id }, data }),
  });
  await sync(d.outlets, (r) => String(r.id), () => prisma.outlet.findMany(), {
    create: (rows) => prisma.outlet.createMany({ data: rows, skipDuplicates: true }),
    update: ({ id, ...data }) => prisma.outlet.update({ where: { id }, data }),
  });
  await sync(d.dsps, (r) => String(r.id), () => prisma.dsp.findMany(), {
    create: (rows) => prisma.dsp.createMany({ data: rows, skipDuplicates: true }),
    update: ({ id, ...data }) => prisma.dsp.update({ where: { id }, data }),
  });
  await sync(d.usStates, (r) => r.value, () => prisma.usState.findMany(), {
    create: (rows) => prisma.usState.createMany({ data: rows, skipDuplicates: true }),
    update: ({ value, ...data }) => prisma.usState.update({ where: { value }, data }),
  });
  await sync(d.canadianProvinces, (r) => r.value, () => prisma.canadianProvince.findMany(), {
    create: (rows) => prisma.canadianProvince.createMany({ data: rows, skipDuplicates: true }),
    update: ({ value, ...data }) => prisma.canadianProvince.update({ where: { value }, data }),
  });
  await sync(d.artistRoles, (r) => String(r.id), () => prisma.artistRole.findMany(), {
    create: (rows) => prisma.artistRole.createMany({ data: rows, skipDuplicates: true }),
    update: ({ id, ...data }) => prisma.artistRole.update({ where: { id }, data }),
  });
  await sync(d.plans, (r) => r.name, () => prisma.plan.findMany(), {
    create: (rows) => prisma.plan.createMany({ data: rows, skipDuplicates: true }),
    update: ({ name, ...data }) => prisma.plan.update({ where: { name }, data }),
  });

  await prisma.seedState.upsert({
    where: { key: DICTIONARY_SEED_KEY },
    create: { key: DICTIONARY_SEED_KEY, version: DICTIONARY_SEED_VERSION },
    update: { version: DICTIONARY_SEED_VERSION, appliedAt: new Date() },
  });
}

/** Inserts the rows that are missing (one bulk insert) and updates the ones whose fields differ. */
async function sync<Row extends object>(
  wanted: readonly Row[],
  keyOf: (row: Row) => string,
  loadExisting: () => Promise<readonly object[]>,
  write: { create: (rows: Row[]) => Promise<unknown>; update: (row: Row) => Promise<unknown> },
): Promise<void> {
  const existing = new Map<string, Record<string, unknown>>();
  for (const row of await loadExisting()) existing.set(keyOf(row as Row), row as Record<string, unknown>);
  const missing = wanted.filter((row) => !existing.has(keyOf(row)));
  if (missing.length > 0) await write.create(missing);
  for (const row of wanted) {
    const current = existing.get(keyOf(row));
    if (current && !sameFields(row, current)) await write.update(row);
  }
}

function sameFields(wanted: object, current: Record<string, unknown>): boolean {
  return Object.entries(wanted).every(([field, value]) => JSON.stringify(value) === JSON.stringify(current[field]));
}

// ------------------------------------------------------------------------------ demo data

const status = RELEASE_STATUS_ORDER;
const ROLE = {
  primary: ARTIST_ROLE.PRIMARY,
  composer: ARTIST_ROLE.COMPOSER,
  lyricist: ARTIST_ROLE.LYRICIST,
  featured: ARTIST_ROLE.FEATURED,
  producer: ARTIST_ROLE.PRODUCER,
} as const;

function dateOnly(iso: string): Date {
  return new Date(`${iso}T00:00:00.000Z`);
}

function daysFromToday(days: number): Date {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days));
}

async function seedDemo(prisma: PrismaClient, hashPassword: (pw: string) => Promise<string>): Promise<void> {
  const [artist, support, admin] = await Promise.all([
    prisma.user.findUnique({ where: { emailNormalized: DEMO_ARTIST_EMAIL }, select: { id: true } }),
    prisma.user.findUnique({ where: { emailNormalized: DEMO_SUPPORT_EMAIL }, select: { id: true } }),
    prisma.user.findUnique({ where: { emailNormalized: DEMO_ADMIN_EMAIL }, select: { id: true } }),
  ]);
  const payeesSeeded = (await prisma.user.count({ where: { emailNormalized: { in: DEMO_PAYEES.map((p) => p.email) } } })) === DEMO_PAYEES.length;
  if (artist && support && admin && payeesSeeded) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();

  if (!support) {
    await ignoreDuplicate(prisma.user.create({
      data: {
        email: DEMO_SUPPORT_EMAIL,
        emailNormalized: DEMO_SUPPORT_EMAIL,
        passwordHash,
        passwordChangedAt: now,
        role: 'SUPPORT',
        firstName: 'Sam',
        lastName: 'Support',
        emailVerified: true,
        emailVerifiedAt: now,
        country: 'US',
        distributionAgreement: true,
      },
    }));
  }
  if (!admin) {
    await ignoreDuplicate(prisma.user.create({
      data: {
        email: DEMO_ADMIN_EMAIL, emailNormalized: DEMO_ADMIN_EMAIL, passwordHash, passwordChangedAt: now, role: 'ADMIN', firstName: 'Ada',
        lastName: 'Admin', emailVerified: true, emailVerifiedAt: now, country: 'US', distributionAgreement: true,
      },
    }));
  }
  if (!artist) {
    // The demo's sales batches take their numbers from the batches' own sequence (their lines' ids are in each one's range).
    const seqs = await prisma.$queryRaw<{ n: number }[]>`SELECT nextval(pg_get_serial_sequence('sales_import_batches', 'seq'))::int AS n FROM generate_series(1, ${DEMO_SALES_MONTHS})`;
    await ignoreDuplicate(prisma.$transaction(demoArtistWrites(prisma, passwordHash, now, seqs.map((r) => r.n)), SEED_TX));
  }
  for (const payee of DEMO_PAYEES) {
    const found = await prisma.user.findUnique({ where: { emailNormalized: payee.email }, select: { id: true } });
    if (!found) await ignoreDuplicate(prisma.$transaction(demoPayeeWrites(prisma, passwordHash, now, payee), SEED_TX));
  }
}

/** An on-boarded artist whose wallet holds one posted sales payment. */
function demoPayeeWrites(prisma: PrismaClient, passwordHash: string, now: Date, payee: (typeof DEMO_PAYEES)[number]): Prisma.PrismaPromise<unknown>[] {
  const userId = uuidv7();
  const walletId = uuidv7();
  const [firstName, lastName] = payee.artist.split(' ') as [string, string];
  return [
    prisma.user.create({
      data: {
        id: userId, email: payee.email, emailNormalized: payee.email, passwordHash, passwordChangedAt: now, firstName, lastName,
        emailVerified: true, emailVerifiedAt: now, birthday: dateOnly('1988-06-01'), country: 'US', state: 'NY', city: 'New York',
        address1: '10 Hudson St', postalCode: '10013', primaryArtists: [payee.artist], distributionAgreement: true, agreementAcceptedAt: now, onboardingCompletedAt: now,
        ...(payee.paypal ? { paypalEmail: payee.email, paypalFirstName: firstName, paypalLastName: lastName, paypalVerifiedAt: now } : {}),
      },
    }),
    prisma.ledgerAccount.create({ data: { id: walletId, code: `user:${userId}:USER_WALLET:USD`, userId, kind: 'USER_WALLET', currency: 'USD', balanceMinor: payee.balanceMinor } }),
    prisma.ledgerAccount.upsert({ where: { code: 'system:SALES_CLEARING:USD' }, create: { code: 'system:SALES_CLEARING:USD', kind: 'SALES_CLEARING', currency: 'USD' }, update: {} }),
    prisma.ledgerTransaction.create({
      data: {
        idempotencyKey: `sales-posting:demo:${userId}`, kind: 'SALES_POSTING', description: 'Demo sales',
        entries: {
          create: [
            { account: { connect: { id: walletId } }, amountMinor: payee.balanceMinor, currency: 'USD' },
            { account: { connect: { code: 'system:SALES_CLEARING:USD' } }, amountMinor: -payee.balanceMinor, currency: 'USD' },
          ],
        },
      },
    }),
    prisma.ledgerAccount.update({ where: { code: 'system:SALES_CLEARING:USD' }, data: { balanceMinor: { decrement: payee.balanceMinor } } }),
  ];
}

/** Another process starting at the same moment created the row first: nothing left to do. */
async function ignoreDuplicate(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'P2002') throw error;
  }
}

/** The demo artist with a subscription and releases in varied statuses, as one atomic batch. */
function demoArtistWrites(prisma: PrismaClient, passwordHash: string, now: Date, batchSeqs: number[]): Prisma.PrismaPromise<unknown>[] {
  const userId = uuidv7();
  const live = { id: uuidv7(), tracks: [uuidv7(), uuidv7()] };
  const scheduled = { id: uuidv7(), tracks: [uuidv7()] };
  const draft = { id: uuidv7(), tracks: [uuidv7()] };
  const rejected = { id: uuidv7(), tracks: [uuidv7(), uuidv7()] };
  // The demo plan was bought 13 months ago and renewed a month ago (two receipts); it renews in 11 months.
  const renewedAt = new Date(now.getTime() - 30 * 24 * 3600 * 1000);
  const demoPlan = { subscriptionId: uuidv7(), methodId: uuidv7(), receipts: [new Date(renewedAt.getTime() - 365 * 24 * 3600 * 1000), renewedAt] };

  const releases: Prisma.ReleaseCreateManyInput[] = [
    {
      id: live.id, userId, title: 'Midnight Signals', genreId: '2719', status: status.LIVE,
      upc: '859700000014', catalogNumber: 'CAD-001', labelName: 'Nova Lane Music',
      pLine: '2024 Nova Lane Music', cLine: '2024 Nova Lane Music',
      releaseDate: dateOnly('2024-03-15'), originalReleaseDate: dateOnly('2024-03-15'),
      submittedAt: dateOnly('2024-02-20'), statusChangedAt: dateOnly('2024-03-15'),
    },
    {
      id: scheduled.id, userId, title: 'Glass Horizon', genreId: '2751', status: status.DELIVERED,
      upc: '859700000021', labelName: 'Nova Lane Music', releaseDate: daysFromToday(30),
      territoryAllowed: false, territoryCountryCodes: ['CN'],
      submittedAt: now, statusChangedAt: now,
    },
    {
      id: draft.id, userId, title: 'Untitled Demos', genreId: '2699', status: status.NOT_COMPLETED,
    },
    {
      id: rejected.id, userId, title: 'Paper Lanterns', genreId: '2724', status: status.REJECTED,
      rejectDate: now, submittedAt: now, statusChangedAt: now,
      comment: buildRejectionComment([
        { kind: 'release', reason: 'Cover art contains a website address' },
        { kind: 'track', trackId: rejected.tracks[1]!, reason: 'The audio is silent for the first 30 seconds' },
      ]),
    },
  ];

  const track = (
    id: string, releaseId: string, title: string, position: number, extra: Partial<Prisma.TrackCreateManyInput> = {},
  ): Prisma.TrackCreateManyInput => ({
    id, releaseId, userId, title, position, fileName: `${title.toLowerCase().replace(/\W+/g, '-')}.wav`,
    sampleRate: 44_100, bitDepth: 16, channels: 2, durationMs: 200_000 + position * 17_000, codec: 'pcm',
    ...extra,
  });
  const tracks: Prisma.TrackCreateManyInput[] = [
    track(live.tracks[0]!, live.id, 'Afterglow', 0, { isrc: 'USCDN2400001', genreId: '2719' }),
    track(live.tracks[1]!, live.id, 'Static Hearts', 1, { isrc: 'USCDN2400002', genreId: '2719', explicitLyrics: true }),
    track(scheduled.tracks[0]!, scheduled.id, 'Glass Horizon', 0, { isrc: 'USCDN2400003', genreId: '2751' }),
    track(draft.tracks[0]!, draft.id, 'Track Name', 0, { sampleRate: null, bitDepth: null, channels: null, durationMs: null, codec: null, fileName: null }),
    track(rejected.tracks[0]!, rejected.id, 'Paper Lanterns', 0, { isrc: 'USCDN2400004' }),
    track(rejected.tracks[1]!, rejected.id, 'Lantern Light (Remix)', 1, { isrc: 'USCDN2400005', isRemix: true }),
  ];

  const credit = (releaseId: string, trackId: string | null, artistName: string, role: number, position = 0): Prisma.ArtistCreditCreateManyInput => ({
    releaseId, trackId, userId, artistName, artistRelationTypeId: role, position,
  });
  const credits: Prisma.ArtistCreditCreateManyInput[] = [
    credit(live.id, null, 'Nova Lane', ROLE.primary),
    credit(live.id, live.tracks[0]!, 'Nova Lane', ROLE.primary),
    credit(live.id, live.tracks[0]!, 'Jamie Rivera', ROLE.composer),
    credit(live.id, live.tracks[0]!, 'Jamie Rivera', ROLE.lyricist),
    credit(live.id, live.tracks[1]!, 'Nova Lane', ROLE.primary),
    credit(live.id, live.tracks[1]!, 'Kai Morrow', ROLE.featured, 1),
    credit(live.id, live.tracks[1]!, 'Jamie Rivera', ROLE.composer),
    credit(live.id, live.tracks[1]!, 'Alex Chen', ROLE.producer),
    credit(scheduled.id, null, 'Nova Lane', ROLE.primary),
    credit(scheduled.id, scheduled.tracks[0]!, 'Nova Lane', ROLE.primary),
    credit(scheduled.id, scheduled.tracks[0]!, 'Jamie Rivera', ROLE.composer),
    credit(draft.id, null, 'Nova Lane', ROLE.primary),
    credit(draft.id, draft.tracks[0]!, 'Nova Lane', ROLE.primary),
    credit(rejected.id, null, 'Nova Lane', ROLE.primary),
    credit(rejected.id, rejected.tracks[0]!, 'Nova Lane', ROLE.primary),
    credit(rejected.id, rejected.tracks[1]!, 'Nova Lane', ROLE.primary),
  ];

  const dspIds = [1, 2, 3, 4, 5, 6, 7, 8];
  const releaseDsps: Prisma.ReleaseDspCreateManyInput[] = [live.id, scheduled.id, rejected.id].flatMap((releaseId) =>
    dspIds.map((dspId) => ({ releaseId, dspId })),
  );

  return [
    prisma.user.create({
      data: {
        id: userId,
        email: DEMO_ARTIST_EMAIL,
        emailNormalized: DEMO_ARTIST_EMAIL,
        passwordHash,
        passwordChangedAt: now,
        firstName: 'Jamie',
        lastName: 'Rivera',
        emailVerified: true,
        emailVerifiedAt: now,
        birthday: dateOnly('1990-04-12'),
        country: 'US',
        state: 'CA',
        city: 'Los Angeles',
        address1: '1200 Sunset Blvd',
        address2: 'Suite 4',
        postalCode: '90026',
        primaryArtists: ['Nova Lane'],
        distributionAgreement: true,
        agreementAcceptedAt: now,
        onboardingCompletedAt: now,
      },
    }),
    // An annual plan with auto-renew on a saved sandbox card: two receipts.
    prisma.paymentMethod.create({
      data: { id: demoPlan.methodId, userId, type: 'CREDIT_CARD', provider: 'sandbox', providerToken: `demo-card:${userId}`, cardBrand: 'VISA', last4: '1111', expMonth: 12, expYear: now.getUTCFullYear() + 4, isDefault: true },
    }),
    prisma.subscription.create({
      data: {
        id: demoPlan.subscriptionId,
        userId,
        planName: 'COMMERCIAL_BETA',
        status: 'ACTIVE',
        autoRenew: true,
        currentPeriodStart: renewedAt,
        currentPeriodEnd: new Date(renewedAt.getTime() + 365 * 24 * 3600 * 1000),
        paymentMethodId: demoPlan.methodId,
      },
    }),
    // A demo promo code (25% off the annual plan), used by the plans journey and for trying the checkout.
    prisma.promoCode.create({ data: { code: 'WELCOME25', type: 'DISCOUNT', percentBps: 2500, planNames: ['COMMERCIAL_BETA'] } }),
    ...demoReceiptWrites(prisma, userId, demoPlan),
    prisma.release.createMany({ data: releases }),
    prisma.track.createMany({ data: tracks }),
    prisma.artistCredit.createMany({ data: credits }),
    prisma.releaseDsp.createMany({ data: releaseDsps }),
    ...demoEarningsWrites(prisma, { userId, releaseId: live.id, trackIds: live.tracks, now, batchSeqs }),
  ];
}

/**
 * The demo plan's two card receipts, each posted as the purchase service posts a card payment: a
 * SUBSCRIPTION_CHARGE moving the amount from PAYMENTS_CLEARING to SUBSCRIPTION_REVENUE (key
 * `payment:<id>`), so the receipts match the ledger and `ledger:check` balances.
 */
function demoReceiptWrites(prisma: PrismaClient, userId: string, plan: { subscriptionId: string; methodId: string; receipts: Date[] }): Prisma.PrismaPromise<unknown>[] {
  const amountMinor = 20_00n;
  const clearing = 'system:PAYMENTS_CLEARING:USD';
  const revenue = 'system:SUBSCRIPTION_REVENUE:USD';
  const receipts = plan.receipts.map((paidAt, i) => ({ paidAt, paymentId: uuidv7(), transactionId: uuidv7(), n: i + 1 }));
  const total = amountMinor * BigInt(receipts.length);
  return [
    prisma.ledgerAccount.upsert({ where: { code: clearing }, create: { code: clearing, kind: 'PAYMENTS_CLEARING', currency: 'USD' }, update: {} }),
    prisma.ledgerAccount.upsert({ where: { code: revenue }, create: { code: revenue, kind: 'SUBSCRIPTION_REVENUE', currency: 'USD' }, update: {} }),
    ...receipts.map((r) =>
      prisma.ledgerTransaction.create({
        data: {
          id: r.transactionId, idempotencyKey: `payment:${r.paymentId}`, kind: 'SUBSCRIPTION_CHARGE', description: r.n === 1 ? 'Cadence plan, 1 year' : 'Cadence plan renewal, 1 year', createdAt: r.paidAt,
          metadata: { paymentId: r.paymentId },
          entries: {
            create: [
              { account: { connect: { code: clearing } }, amountMinor: -amountMinor, currency: 'USD', createdAt: r.paidAt },
              { account: { connect: { code: revenue } }, amountMinor, currency: 'USD', createdAt: r.paidAt },
            ],
          },
        },
      }),
    ),
    prisma.ledgerAccount.update({ where: { code: clearing }, data: { balanceMinor: { decrement: total } } }),
    prisma.ledgerAccount.update({ where: { code: revenue }, data: { balanceMinor: { increment: total } } }),
    prisma.payment.createMany({
      data: receipts.map((r) => ({
        id: r.paymentId, userId, subscriptionId: plan.subscriptionId, paymentMethodId: plan.methodId, amountMinor, status: 'SUCCEEDED' as const, provider: 'sandbox',
        providerTransactionId: `demo-txn-${r.n}`, idempotencyKey: `demo-receipt:${userId}:${r.n}`, ledgerTransactionId: r.transactionId, createdAt: r.paidAt, updatedAt: r.paidAt,
      })),
    }),
  ];
}

/** Deterministic pseudo-random numbers (mulberry32), so demo figures are the same on every machine. */
function seededRandom(seedValue: number): () => number {
  let a = seedValue >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Royalty per stream in 1e-8 USD, per analytics outlet (demo figures). */
const DEMO_RATE_PER_STREAM = new Map<number, { service: string; rate: bigint }>([
  [28, { service: 'Spotify', rate: 380_000n }],
  [61, { service: 'Apple Music', rate: 700_000n }],
  [55, { service: 'Deezer', rate: 550_000n }],
]);
/** Sales-only services (no analytics outlet) in the demo's statements. */
const DEMO_SALES_ONLY = new Map<string, bigint>([
  ['YouTube Music', 200_000n],
  ['Amazon Music Unlimited', 450_000n],
]);
const DEMO_COUNTRIES = ['US', 'GB', 'DE'];
const DEMO_SALES_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR'];
/** Demo history (issue 13): 18 months of statements, 120 days of daily streams. */
const DEMO_SALES_MONTHS = 18;
const DEMO_STREAM_DAYS = 120;
const UNITS_PER_CENT = 1_000_000n; // Decimal(20,8) units in one cent

function decimalFromUnits(units: bigint): string {
  const whole = units / 100_000_000n;
  const fraction = (units % 100_000_000n).toString().padStart(8, '0');
  return `${whole}.${fraction}`;
}

/**
 * 120 days of daily streams for the live release, the last 18 reporting months as sales lines
 * (with their rollups), and their posting to the artist's wallet as balanced ledger transactions (wallet +cents,
 * SALES_CLEARING -cents). Dates follow the seed date.
 */
function demoEarningsWrites(
  prisma: PrismaClient,
  demo: { userId: string; releaseId: string; trackIds: string[]; now: Date; batchSeqs: number[] },
): Prisma.PrismaPromise<unknown>[] {
  const random = seededRandom(20240315);
  const streams: Prisma.StreamDailyCreateManyInput[] = [];
  for (let day = DEMO_STREAM_DAYS; day >= 1; day -= 1) {
    const date = daysFromToday(-day);
    for (const trackId of demo.trackIds) {
      for (const outletId of DEMO_RATE_PER_STREAM.keys()) {
        for (const countryCode of DEMO_COUNTRIES) {
          const quantity = Math.floor(random() * 120) + (outletId === 28 ? 40 : 5);
          streams.push({ date, userId: demo.userId, releaseId: demo.releaseId, trackId, outletId, countryCode, quantity });
        }
      }
    }
  }

  const wallet = { id: uuidv7(), code: `user:${demo.userId}:USER_WALLET:USD` };
  // The per-country and per-track daily sums the import keeps beside stream_daily (sales-rollups.ts).
  const byCountry = new Map<string, Prisma.StreamCountryDailyCreateManyInput & { quantity: bigint }>();
  const byTrack = new Map<string, Prisma.StreamTrackDailyCreateManyInput & { quantity: bigint }>();
  for (const s of streams) {
    const day = (s.date as Date).toISOString();
    const country = byCountry.get(`${day}|${s.countryCode}`) ?? { userId: s.userId, date: s.date, countryCode: s.countryCode, quantity: 0n };
    country.quantity += BigInt(s.quantity);
    byCountry.set(`${day}|${s.countryCode}`, country);
    const track = byTrack.get(`${day}|${s.trackId}`) ?? { userId: s.userId, date: s.date, trackId: s.trackId, quantity: 0n };
    track.quantity += BigInt(s.quantity);
    byTrack.set(`${day}|${s.trackId}`, track);
  }
  const writes: Prisma.PrismaPromise<unknown>[] = [
    prisma.streamDaily.createMany({ data: streams }),
    prisma.streamCountryDaily.createMany({ data: [...byCountry.values()] }),
    prisma.streamTrackDaily.createMany({ data: [...byTrack.values()] }),
    prisma.ledgerAccount.create({ data: { id: wallet.id, code: wallet.code, userId: demo.userId, kind: 'USER_WALLET', currency: 'USD' } }),
    prisma.ledgerAccount.upsert({
      where: { code: 'system:SALES_CLEARING:USD' },
      create: { code: 'system:SALES_CLEARING:USD', kind: 'SALES_CLEARING', currency: 'USD' },
      update: {},
    }),
  ];

  let walletTotal = 0n;
  const rollups = new Map<string, Prisma.SalesRollupCreateManyInput & { units: bigint; payableUnits: bigint }>();
  const monthly: Prisma.SalesMonthlyCreateManyInput[] = [];
  for (let monthsBack = DEMO_SALES_MONTHS; monthsBack >= 1; monthsBack -= 1) {
    const first = new Date(Date.UTC(demo.now.getUTCFullYear(), demo.now.getUTCMonth() - monthsBack, 1));
    const period = first.toISOString().slice(0, 7);
    const reportDate = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
    const batchId = uuidv7();
    const seq = demo.batchSeqs[DEMO_SALES_MONTHS - monthsBack]!;
    const { from: firstKey } = batchKeys(seq);
    const groups: Prisma.SalesImportGroupCreateManyInput[] = [];
    const lines: Prisma.SaleTransactionCreateManyInput[] = [];
    let batchUnits = 0n;
    const services: [number | null, string, bigint][] = [
      ...[...DEMO_RATE_PER_STREAM].map(([outletId, { service, rate }]): [number | null, string, bigint] => [outletId, service, rate]),
      ...[...DEMO_SALES_ONLY].map(([service, rate]): [number | null, string, bigint] => [null, service, rate]),
    ];
    let monthUnits = 0n;
    let monthPayable = 0n;
    demo.trackIds.forEach((trackId, index) => {
      for (const [outletId, service, rate] of services) {
        for (const countryCode of DEMO_SALES_COUNTRIES) {
          const units = Math.floor(random() * 2500) + 200;
          const payable = rate * BigInt(units);
          batchUnits += payable;
          monthUnits += BigInt(units);
          monthPayable += payable;
          const trackTitle = index === 0 ? 'Afterglow' : 'Static Hearts';
          // Each demo line is its own day sum (one line per month, service, track and country), as an import writes them.
          const id = firstKey + BigInt(lines.length + 1);
          groups.push({
            id, importBatchId: batchId, period, reportDate, userId: demo.userId, releaseId: demo.releaseId, trackId, outletId, sourceLabel: service,
            serviceName: service, countryCode, artistName: 'Nova Lane', releaseTitle: 'Midnight Signals', trackTitle, units: BigInt(units),
            payable: decimalFromUnits(payable), lineCount: 1,
          });
          lines.push({
            id, groupId: id, isrc: `USCDN240000${index + 1}`, upc: '859700000014', artistName: 'Nova Lane', releaseTitle: 'Midnight Signals', trackTitle,
            units, payable: decimalFromUnits(payable),
          });
          // The rollup the /sales page reads (one line per month, service, track and country here).
          rollups.set(`${period}|${service}|${trackId}|${countryCode}`, {
            userId: demo.userId, period, serviceName: service, releaseId: demo.releaseId, trackId, countryCode,
            artistName: 'Nova Lane', releaseTitle: 'Midnight Signals', trackTitle, units: BigInt(units), payable: decimalFromUnits(payable), payableUnits: payable, lineCount: 1,
          });
        }
      }
    });
    monthly.push({ userId: demo.userId, period, units: monthUnits, payable: decimalFromUnits(monthPayable), lineCount: lines.length });
    // Whole cents go to the wallet; the sub-cent remainder stays in SALES_CLEARING.
    const cents = batchUnits / UNITS_PER_CENT;
    walletTotal += cents;
    const transactionId = uuidv7();
    writes.push(
      prisma.ledgerTransaction.create({
        data: {
          id: transactionId,
          idempotencyKey: `sales-posting:demo:${demo.userId}:${period}`,
          kind: 'SALES_POSTING',
          description: `Demo sales ${period}`,
          entries: {
            create: [
              { account: { connect: { id: wallet.id } }, amountMinor: cents, currency: 'USD' },
              { account: { connect: { code: 'system:SALES_CLEARING:USD' } }, amountMinor: -cents, currency: 'USD' },
            ],
          },
        },
      }),
      prisma.salesImportBatch.create({
        data: {
          id: batchId, seq, source: 'demo', checksum: `demo:${demo.userId}:${period}`, period, status: 'POSTED',
          rowCount: lines.length, totalPayable: decimalFromUnits(batchUnits), currency: 'USD',
          ledgerTransactionId: transactionId, postedAt: demo.now,
        },
      }),
      prisma.salesImportGroup.createMany({ data: groups }),
      prisma.saleTransaction.createMany({ data: lines }),
    );
  }
  // One past withdrawal paid out (APPROVED, posted) and one the provider returned (REJECTED, hold released).
  const paidOut = DEMO_WITHDRAWALS.approvedMinor;
  const paidAt = new Date(demo.now.getTime() - 20 * 24 * 3600 * 1000);
  const rejectedAt = new Date(demo.now.getTime() - 10 * 24 * 3600 * 1000);
  const withdrawalId = uuidv7();
  const withdrawalTx = uuidv7();
  const returnedHold = uuidv7();
  writes.push(
    prisma.ledgerAccount.upsert({
      where: { code: 'system:PAYOUTS_CLEARING:USD' },
      create: { code: 'system:PAYOUTS_CLEARING:USD', kind: 'PAYOUTS_CLEARING', currency: 'USD' },
      update: {},
    }),
    prisma.ledgerTransaction.create({
      data: {
        id: withdrawalTx, idempotencyKey: `withdrawal:${withdrawalId}`, kind: 'WITHDRAWAL', description: 'Withdrawal to PayPal', createdAt: paidAt,
        metadata: { withdrawalId },
        entries: {
          create: [
            { account: { connect: { id: wallet.id } }, amountMinor: -paidOut, currency: 'USD', createdAt: paidAt },
            { account: { connect: { code: 'system:PAYOUTS_CLEARING:USD' } }, amountMinor: paidOut, currency: 'USD', createdAt: paidAt },
          ],
        },
      },
    }),
    prisma.withdrawal.create({
      data: {
        id: withdrawalId, userId: demo.userId, accountId: wallet.id, amountMinor: paidOut, status: 'APPROVED', method: 'PAYPAL',
        idempotencyKey: `${demo.userId}:demo-paid`, externalId: `pmt-demo-${withdrawalId}`, payoutStatus: 'FINALIZED',
        ledgerTransactionId: withdrawalTx, createdAt: paidAt,
      },
    }),
    prisma.ledgerHold.create({ data: { id: returnedHold, accountId: wallet.id, amountMinor: DEMO_WITHDRAWALS.rejectedMinor, currency: 'USD', reason: 'withdrawal', createdAt: rejectedAt, releasedAt: rejectedAt } }),
    prisma.withdrawal.create({
      data: {
        userId: demo.userId, accountId: wallet.id, amountMinor: DEMO_WITHDRAWALS.rejectedMinor, status: 'REJECTED', method: 'PAYPAL',
        idempotencyKey: `${demo.userId}:demo-returned`, externalId: `pmt-demo-${returnedHold}`, payoutStatus: 'FAILED', holdId: returnedHold,
        errorCode: 'RETURNED', messages: [{ code: 'RETURNED', message: 'The PayPal account returned the payment' }], createdAt: rejectedAt,
      },
    }),
    prisma.ledgerAccount.update({ where: { id: wallet.id }, data: { balanceMinor: walletTotal - paidOut } }),
    prisma.salesRollup.createMany({ data: [...rollups.values()].map(({ payableUnits: _units, ...row }) => row) }),
    prisma.salesMonthly.createMany({ data: monthly }),
    ...demoSalesReadTables(prisma, [...rollups.values()]),
    prisma.ledgerAccount.update({ where: { code: 'system:SALES_CLEARING:USD' }, data: { balanceMinor: { decrement: walletTotal } } }),
    prisma.ledgerAccount.update({ where: { code: 'system:PAYOUTS_CLEARING:USD' }, data: { balanceMinor: { increment: paidOut } } }),
  );
  return writes;
}

/** The filter choices and rollup counts of the demo rollups, as an import would have added them (sales-rollups.ts). */
function demoSalesReadTables(prisma: PrismaClient, rollups: Prisma.SalesRollupCreateManyInput[]): Prisma.PrismaPromise<unknown>[] {
  const choices = new Map<string, Prisma.SalesFilterChoiceCreateManyInput>();
  const counts = new Map<string, Prisma.SalesRollupCountCreateManyInput>();
  const choose = (c: Prisma.SalesFilterChoiceCreateManyInput) => {
    const key = `${c.userId}|${c.dimension}|${c.value}`;
    const seen = choices.get(key);
    if (!seen || seen.label < c.label) choices.set(key, c);
  };
  for (const r of rollups) {
    if (r.artistName) choose({ userId: r.userId, dimension: 'ARTIST', value: r.artistName, label: r.artistName });
    if (r.releaseId) choose({ userId: r.userId, dimension: 'RELEASE', value: r.releaseId, label: r.releaseTitle ?? '' });
    choose({ userId: r.userId, dimension: 'SERVICE', value: r.serviceName, label: r.serviceName });
    if (r.trackId) choose({ userId: r.userId, dimension: 'TRACK', value: r.trackId, label: r.trackTitle ?? '' });
    const parts = [['ALL', ''], ['RELEASE', r.releaseId ?? ''], ['SERVICE', r.serviceName], ['TRACK', r.trackId ?? ''], ['COUNTRY', r.countryCode ?? '']] as const;
    for (const [dimension, value] of parts) {
      if (dimension !== 'ALL' && !value) continue;
      const key = `${r.userId}|${dimension}|${value}|${r.period}`;
      const seen = counts.get(key);
      if (seen) seen.rowCount += 1;
      else counts.set(key, { userId: r.userId, dimension, value, period: r.period, rowCount: 1 });
    }
  }
  return [prisma.salesFilterChoice.createMany({ data: [...choices.values()] }), prisma.salesRollupCount.createMany({ data: [...counts.values()] })];
}

/** The demo artist's past withdrawals (minor units). */
export const DEMO_WITHDRAWALS = { approvedMinor: 25_00n, rejectedMinor: 40_00n } as const;
