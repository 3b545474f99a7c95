/**
 * Royalty splits over HTTP on one server: owner-only changes with versions and a stale check, bad
 * input refused with nothing saved, invitations in the outbox, accept/decline by link, posting split
 * exactly to wallet and pending account, the claim on verification, what a collaborator may see,
 * the split sheet; and a property test over random batches and split versions.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { registerSalesBatch, runSalesImport } from '../sales/sales-import.service.ts';
import { checkLedger, findPendingSplitAccount, findWalletAccount } from '../ledger/ledger.service.ts';
import { claimSplitEarnings } from './splits.service.ts';
import { statusOrder } from '@cadence/domain/release-status';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(async () => {
  await server.close();
});

let seq = 0;
async function catalog() {
  const user = await buildUser(server.prisma);
  seq += 1;
  const suffix = `${Date.now() % 100000}${seq}`.padStart(7, '0').slice(-7);
  const release = await server.prisma.release.create({ data: { userId: user.id, title: `Split Release ${seq}`, status: statusOrder('LIVE') } });
  const track = await server.prisma.track.create({ data: { userId: user.id, releaseId: release.id, title: 'Afterglow', isrc: `QS${suffix}01` } });
  const other = await server.prisma.track.create({ data: { userId: user.id, releaseId: release.id, title: 'Static', isrc: `QS${suffix}02` } });
  return { user, release, track, other, cookie: await sessionCookieFor(server.prisma, user.id) };
}

async function call(method: string, pathname: string, cookie?: string, body?: unknown) {
  const res = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
}

async function importCsv(lines: string[]) {
  const buf = Buffer.from(['Sale Date,Store,ISRC,Country,Units,Amount,Currency', ...lines].join('\n'));
  const checksum = createHash('sha256').update(buf).update(String(Math.random())).digest('hex');
  const period = lines[0]!.slice(0, 7);
  const { batch } = await registerSalesBatch(server.prisma, { checksum, period, source: 'test' });
  return runSalesImport({ prisma: server.prisma, sql: server.sql }, batch.id, () => Readable.from([buf]));
}

const today = () => new Date().toISOString().slice(0, 10);
const tokenIn = (text: string) => /token=([^\s&]+)/.exec(text)?.[1];
const SET = `mutation Set($input: SetReleaseSplitsInput!) { setReleaseSplits(input: $input) { splits { current { version parties { email basisPoints status } ownerBasisPoints } } } }`;

test('owner sets splits in versions; bad input and a stale version are refused with nothing saved; others cannot change them', async () => {
  const a = await catalog();
  const invitee = `band-${seq}@example.com`;
  const first = await server.gql(SET, { input: { releaseId: a.release.id, trackId: a.track.id, shares: [{ email: invitee, basisPoints: 3000 }], version: 0 } }, { cookie: a.cookie });
  expect(first.body.errors).toBeUndefined();
  expect(first.body.data).toEqual({ setReleaseSplits: { splits: { current: [{ version: 1, parties: [{ email: invitee, basisPoints: 3000, status: 'INVITED' }], ownerBasisPoints: 7000 }] } } });

  const bad = [
    [{ email: invitee, basisPoints: 6000 }, { email: `x-${seq}@example.com`, basisPoints: 4001 }],
    [{ email: invitee, basisPoints: 0 }],
    [{ email: invitee, basisPoints: -100 }],
    [{ email: invitee, basisPoints: 100 }, { email: invitee.toUpperCase(), basisPoints: 100 }],
    [{ email: a.user.email, basisPoints: 100 }],
    [{ email: 'not-an-email', basisPoints: 100 }],
  ];
  for (const shares of bad) {
    const res = await call('PUT', `/api/releases/${a.release.id}/splits`, a.cookie, { trackId: a.track.id, shares, version: 1 });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.length).toBeGreaterThan(0);
  }
  const stale = await server.gql(SET, { input: { releaseId: a.release.id, trackId: a.track.id, shares: [], version: 0 } }, { cookie: a.cookie });
  expect(stale.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  expect((await call('PUT', `/api/releases/${a.release.id}/splits`, a.cookie, { shares: 'nope' })).status).toBe(400);
  expect(await server.prisma.splitVersion.count({ where: { releaseId: a.release.id } })).toBe(1);

  // A stranger does not learn the release exists; signed out is 401.
  const stranger = await catalog();
  expect((await call('PUT', `/api/releases/${a.release.id}/splits`, stranger.cookie, { shares: [] })).status).toBe(404);
  expect((await call('GET', `/api/releases/${a.release.id}/splits`, stranger.cookie)).status).toBe(404);
  expect((await call('GET', `/api/releases/${a.release.id}/splits`)).status).toBe(401);

  // A change is a new version; the past one is kept.
  const second = await call('PUT', `/api/releases/${a.release.id}/splits`, a.cookie, { trackId: a.track.id, shares: [{ email: invitee, basisPoints: 2500 }] });
  expect(second.status).toBe(200);
  expect(second.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
  const audits = await server.prisma.auditEvent.count({ where: { entityId: a.release.id, subcategory: 'SPLITS_CHANGED' } });
  expect(audits).toBe(2);
  // One invitation mail for the new collaborator, with the release, the share and a link.
  const mails = await server.prisma.outboxEmail.findMany({ where: { to: invitee } });
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text).toContain(a.release.title);
  expect(mails[0]!.text).toContain('30%');
  expect(tokenIn(mails[0]!.text)).toBeTruthy();
});

test('a sales batch splits exactly by the version in force; pending accrues to the email; verifying the email moves it to the wallet in one transaction', async () => {
  const a = await catalog();
  const invitee = `feat-${seq}@example.com`;
  expect((await call('PUT', `/api/releases/${a.release.id}/splits`, a.cookie, { trackId: a.track.id, shares: [{ email: invitee, basisPoints: 3000 }], version: 0 })).status).toBe(200);
  const d = today();
  const result = await importCsv([`${d},Spotify,${a.track.isrc},US,10,10.01,USD`, `${d},Spotify,${a.other.isrc},US,10,1.00,USD`]);
  expect(result.status).toBe('POSTED');
  expect(result.postedMinor).toBe(1101n);
  // 10.01 on the split track: 30% of 1001 cents = 300.3 -> 300; the owner 701 + 100 from the other track.
  const pending = await findPendingSplitAccount(server.prisma, invitee);
  expect(pending?.balanceMinor).toBe(300n);
  expect((await findWalletAccount(server.prisma, a.user.id))?.balanceMinor).toBe(801n);
  const splits = await call('GET', `/api/releases/${a.release.id}/splits`, a.cookie);
  expect(splits.body.collaborators).toEqual([expect.objectContaining({ email: invitee, status: 'INVITED', accrued: '3.00' })]);

  // Lines dated before the split's first day are not split.
  await importCsv([`2020-01-05,Spotify,${a.track.isrc},US,1,1.00,USD`]);
  expect((await findPendingSplitAccount(server.prisma, invitee))?.balanceMinor).toBe(300n);

  // The invitee signs up and verifies: one SPLIT_CLAIM transaction moves the 300 cents.
  const user = await buildUser(server.prisma, { email: invitee });
  const claimed = await claimSplitEarnings({ prisma: server.prisma, viewer: null, requestId: 'test' }, user.id, invitee);
  expect(claimed.movedMinor).toBe(300n);
  expect((await findWalletAccount(server.prisma, user.id))?.balanceMinor).toBe(300n);
  expect((await findPendingSplitAccount(server.prisma, invitee))?.balanceMinor).toBe(0n);
  expect(await server.prisma.ledgerTransaction.count({ where: { kind: 'SPLIT_CLAIM', metadata: { path: ['userId'], equals: user.id } } })).toBe(1);
  expect((await claimSplitEarnings({ prisma: server.prisma, viewer: null, requestId: 'test' }, user.id, invitee)).movedMinor).toBe(0n);

  // From now on their share goes straight to the wallet.
  await importCsv([`${d},Deezer,${a.track.isrc},FR,1,2.00,USD`]);
  expect((await findWalletAccount(server.prisma, user.id))?.balanceMinor).toBe(360n);

  // The collaborator sees only their share: no owner share, no other party.
  const cookie = await sessionCookieFor(server.prisma, user.id);
  const theirs = await call('GET', `/api/releases/${a.release.id}/splits`, cookie);
  expect(theirs.status).toBe(200);
  expect(theirs.body.viewerIsOwner).toBe(false);
  expect(theirs.body.collaborators).toHaveLength(1);
  expect((await call('PUT', `/api/releases/${a.release.id}/splits`, cookie, { shares: [] })).status).toBe(403);
  expect((await call('GET', `/api/releases/${a.release.id}/splits.csv`, cookie)).status).toBe(403);
  const invitations = await server.gql<{ viewer: { splitInvitations: { releaseTitle: string; accrued: string; shares: { basisPoints: number }[] }[] } }>(
    `{ viewer { splitInvitations { releaseTitle accrued shares { basisPoints } } } }`,
    {},
    { cookie },
  );
  expect(invitations.body.data?.viewer.splitInvitations).toEqual([{ releaseTitle: a.release.title, accrued: '3.60', shares: [{ basisPoints: 3000 }] }]);

  const lines = await server.gql<{ viewer: { splitSales: { trackTitle: string; basisPoints: number; serviceName: string }[] } }>(`{ viewer { splitSales { trackTitle basisPoints serviceName } } }`, {}, { cookie });
  expect(lines.body.data?.viewer.splitSales).toEqual([
    { trackTitle: 'Afterglow', basisPoints: 3000, serviceName: 'Deezer' },
    { trackTitle: 'Afterglow', basisPoints: 3000, serviceName: 'Spotify' },
  ]);

  // The owner's split sheet lists versions, parties and totals.
  const sheet = await call('GET', `/api/releases/${a.release.id}/splits.csv`, a.cookie);
  expect(sheet.status).toBe(200);
  expect(sheet.body).toContain('Version,Scope,Effective from,Party,Share,Status,Accrued USD');
  expect(sheet.body).toContain(`1,Track: Afterglow,${d},${invitee},30%,INVITED,3.60`);
  expect((await checkLedger(server.prisma)).ok).toBe(true);
});

test('the mailed link accepts or declines once; a declined share returns to the owner; the link does not tell whether the email has an account', async () => {
  const a = await catalog();
  const known = await buildUser(server.prisma);
  const unknown = `nobody-${seq}@example.com`;
  await call('PUT', `/api/releases/${a.release.id}/splits`, a.cookie, { shares: [{ email: known.email, basisPoints: 1000 }, { email: unknown, basisPoints: 2000 }] });
  const linkOf = async (to: string) => tokenIn((await server.prisma.outboxEmail.findFirstOrThrow({ where: { to } })).text)!;
  const q = `query($t: String!) { splitInvitation(token: $t) { releaseTitle email status shares { trackTitle basisPoints } } }`;
  const viewKnown = await server.gql<{ splitInvitation: Record<string, unknown> }>(q, { t: decodeURIComponent(await linkOf(known.email)) });
  const viewUnknown = await server.gql<{ splitInvitation: Record<string, unknown> }>(q, { t: decodeURIComponent(await linkOf(unknown)) });
  expect(Object.keys(viewKnown.body.data!.splitInvitation)).toEqual(Object.keys(viewUnknown.body.data!.splitInvitation));
  expect(viewUnknown.body.data!.splitInvitation).toEqual({ releaseTitle: a.release.title, email: unknown, status: 'INVITED', shares: [{ trackTitle: null, basisPoints: 2000 }] });

  const collaborator = await server.prisma.splitCollaborator.findFirstOrThrow({ where: { email: unknown } });
  const token = decodeURIComponent(await linkOf(unknown));
  const declined = await call('POST', `/api/splits/${collaborator.id}/decline`, undefined, { token });
  expect(declined.status).toBe(200);
  expect(declined.body.status).toBe('DECLINED');
  expect((await call('POST', `/api/splits/${collaborator.id}/accept`, undefined, { token })).status).toBe(400);
  expect((await call('POST', `/api/splits/${collaborator.id}/accept`)).status).toBe(401);
  expect(await server.prisma.auditEvent.count({ where: { entityId: collaborator.id, subcategory: 'SPLIT_DECLINED' } })).toBe(1);

  // The known user accepts signed in, by id.
  const knownRow = await server.prisma.splitCollaborator.findFirstOrThrow({ where: { email: known.email.toLowerCase() } });
  const accept = await server.gql<{ acceptSplit: { invitation: { status: string } } }>(`mutation($i: RespondToSplitInput!) { acceptSplit(input: $i) { invitation { status } } }`, { i: { id: knownRow.id } }, { cookie: await sessionCookieFor(server.prisma, known.id) });
  expect(accept.body.data?.acceptSplit.invitation.status).toBe('ACCEPTED');

  // Declined today: the 20% stays with the owner; the accepted 10% goes to the known wallet.
  await importCsv([`${today()},Spotify,${a.track.isrc},US,1,1.00,USD`]);
  expect((await findPendingSplitAccount(server.prisma, unknown))?.balanceMinor ?? 0n).toBe(0n);
  expect((await findWalletAccount(server.prisma, known.id))?.balanceMinor).toBe(10n);
  expect((await findWalletAccount(server.prisma, a.user.id))?.balanceMinor).toBe(90n);
});

test('re-inviting a declined collaborator: a new version sends a fresh single-use link; the declined invitation stays declined in history', async () => {
  const a = await catalog();
  const email = `again-${seq}@example.com`;
  const links = async () => (await server.prisma.outboxEmail.findMany({ where: { to: email }, orderBy: { createdAt: 'asc' } })).map((m) => decodeURIComponent(tokenIn(m.text)!));
  const first = await call('PUT', `/api/releases/${a.release.id}/splits`, a.cookie, { shares: [{ email, basisPoints: 2500 }] });
  expect(first.status).toBe(200);
  const [oldToken] = await links();
  const old = await server.prisma.splitCollaborator.findFirstOrThrow({ where: { releaseId: a.release.id, email } });
  expect((await call('POST', `/api/splits/${old.id}/decline`, undefined, { token: oldToken })).body.status).toBe('DECLINED');

  // Version 2 names the same email again (any case): a new invitation is mailed.
  const second = await server.gql(SET, { input: { releaseId: a.release.id, shares: [{ email: email.toUpperCase(), basisPoints: 4000 }], version: 1 } }, { cookie: a.cookie });
  expect(second.body.errors).toBeUndefined();
  expect(second.body.data).toEqual({ setReleaseSplits: { splits: { current: [{ version: 2, parties: [{ email, basisPoints: 4000, status: 'INVITED' }], ownerBasisPoints: 6000 }] } } });
  const tokens = await links();
  expect(tokens).toHaveLength(2);
  expect(tokens[1]).not.toBe(oldToken);
  const rows = await server.prisma.splitCollaborator.findMany({ where: { releaseId: a.release.id, email }, orderBy: { createdAt: 'asc' } });
  expect(rows.map((r) => [r.id === old.id, r.status])).toEqual([[true, 'DECLINED'], [false, 'INVITED']]);

  // History: version 1 still names the declined collaborator, version 2 the new invitation.
  const view = await call('GET', `/api/releases/${a.release.id}/splits`, a.cookie);
  expect(view.body.versions.map((v: { version: number; parties: { status: string }[] }) => [v.version, v.parties.map((p) => p.status)])).toEqual([[2, ['INVITED']], [1, ['DECLINED']]]);
  expect(view.body.collaborators.map((c: { status: string }) => c.status)).toEqual(['DECLINED', 'INVITED']);

  // The old link stays used; the new one works once and answers for the new collaborator only.
  expect((await call('POST', `/api/splits/${old.id}/accept`, undefined, { token: oldToken })).status).toBe(400);
  expect((await call('POST', `/api/splits/${old.id}/accept`, undefined, { token: tokens[1] })).status).toBe(400);
  const accepted = await call('POST', `/api/splits/${rows[1]!.id}/accept`, undefined, { token: tokens[1] });
  expect(accepted.body.status).toBe('ACCEPTED');
  expect((await call('POST', `/api/splits/${rows[1]!.id}/decline`, undefined, { token: tokens[1] })).status).toBe(400);
  expect(await server.prisma.splitCollaborator.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({ status: 'DECLINED' });

  // A version naming the accepted email again reuses it: no third mail.
  await server.gql(SET, { input: { releaseId: a.release.id, shares: [{ email, basisPoints: 3000 }], version: 2 } }, { cookie: a.cookie });
  expect(await links()).toHaveLength(2);

  // Sales from today go 30% to the re-invited (accepted) collaborator's pending account.
  await importCsv([`${today()},Spotify,${a.track.isrc},US,1,1.00,USD`]);
  expect((await findPendingSplitAccount(server.prisma, email))?.balanceMinor).toBe(30n);
  expect((await findWalletAccount(server.prisma, a.user.id))?.balanceMinor).toBe(70n);
  expect((await checkLedger(server.prisma)).ok).toBe(true);
});

test('property: for random batches and split versions, wallets and pending accounts receive exactly the batch net payable', async () => {
  const a = await catalog();
  const emails = [0, 1, 2].map((i) => `prop${i}-${seq}@example.com`);
  const collaborators = await Promise.all(emails.map((email) => server.prisma.splitCollaborator.create({ data: { releaseId: a.release.id, email } })));
  let version = 0;
  const day = fc.integer({ min: 1, max: 28 }).map((n) => `2024-02-${String(n).padStart(2, '0')}`);
  const shares = fc.array(fc.integer({ min: 1, max: 3300 }), { minLength: 0, maxLength: 3 });
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ day, shares, track: fc.boolean() }), { minLength: 1, maxLength: 3 }),
      fc.array(fc.record({ day, cents: fc.integer({ min: 0, max: 100_000_000 }), track: fc.boolean() }), { minLength: 1, maxLength: 8 }),
      async (versions, lines) => {
        for (const v of versions) {
          version += 1;
          const trackId = v.track ? a.track.id : null;
          const created = await server.prisma.splitVersion.create({
            data: { releaseId: a.release.id, trackId, scopeKey: trackId ? `${a.release.id}:${trackId}` : a.release.id, version, effectiveFrom: new Date(`${v.day}T00:00:00Z`) },
          });
          await server.prisma.splitShare.createMany({ data: v.shares.map((bps, i) => ({ versionId: created.id, collaboratorId: collaborators[i]!.id, basisPoints: bps })) });
        }
        const accounts = async () => {
          const ids = [(await findWalletAccount(server.prisma, a.user.id))?.balanceMinor ?? 0n];
          for (const e of emails) ids.push((await findPendingSplitAccount(server.prisma, e))?.balanceMinor ?? 0n);
          return ids.reduce((x, y) => x + y, 0n);
        };
        const before = await accounts();
        const rows = lines.map((l) => `${l.day},Spotify,${l.track ? a.track.isrc : a.other.isrc},US,1,${(l.cents / 1e6).toFixed(6)},USD`);
        const result = await importCsv(rows);
        expect(result.status).toBe('POSTED');
        expect((await accounts()) - before).toBe(result.postedMinor);
      },
    ),
    { numRuns: 6 },
  );
  expect((await checkLedger(server.prisma)).ok).toBe(true);
});
