/**
 * Royalty splits (issue #16): the owner of a release shares its (or one track's) net receipts with
 * collaborators by email. Every change is a new version effective from its day on; collaborators
 * get a mailed invitation (single-use, expiring, stored hashed) to accept or decline; what they
 * earn before an account claims their email waits on a SPLIT_PENDING ledger account and moves to
 * the wallet of the account that verifies that email, in one ledger transaction.
 */
import type { AppContext } from '../../context.ts';
import type { Prisma, PrismaClient, SplitStatus } from '../../generated/prisma/client.ts';
import { DomainError, badInput, peopleMessage } from '../../domain-error.ts';
import { SPLIT_MESSAGES, validateSplitShares, formatShare, versionInForce, type SplitShareInput } from '@cadence/domain/splits';
import { formatMinor } from '@cadence/domain/money';
import { hashToken, newToken } from '../auth/session.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { sendMail, MAIL_LINK_ROUTES } from '../mail/mail.service.ts';
import { requireViewer } from '../users/users.policy.ts';
import { findPendingSplitAccount, lockAccount, postTransactionIn, walletAccount } from '../ledger/ledger.service.ts';
import { canChangeSplits } from './splits.policy.ts';

type SplitsCtx = AppContext;
type Tx = Prisma.TransactionClient;

/** How long a mailed invitation link works. */
export const SPLIT_INVITATION_TTL_MS = 30 * 24 * 3600_000;
export const SPLIT_LINK_INVALID = 'This invitation link has expired or was already used.';
const NOT_FOUND = 'No such release';

export interface SplitPartyView {
  collaboratorId: string;
  email: string;
  basisPoints: number;
  status: SplitStatus;
}

export interface SplitVersionView {
  id: string;
  trackId: string | null;
  trackTitle: string | null;
  version: number;
  effectiveFrom: string;
  createdAt: Date;
  parties: SplitPartyView[];
  /** What the owner keeps, in basis points. */
  ownerBasisPoints: number;
}

export interface SplitCollaboratorView {
  id: string;
  email: string;
  status: SplitStatus;
  respondedAt: Date | null;
  accruedMinor: bigint;
}

export interface ReleaseSplitsView {
  releaseId: string;
  releaseTitle: string;
  /** Every version of every scope (release and tracks), newest first. */
  versions: SplitVersionView[];
  /** The current version of each scope. */
  current: SplitVersionView[];
  collaborators: SplitCollaboratorView[];
  /** False for a collaborator, who sees only their own share. */
  viewerIsOwner: boolean;
}

function scopeKey(releaseId: string, trackId: string | null | undefined): string {
  return trackId ? `${releaseId}:${trackId}` : releaseId;
}

function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function releaseNotFound(): DomainError {
  return new DomainError('NOT_FOUND', NOT_FOUND);
}

/** The release's splits: all versions for its owner; for a collaborator only their own share in each version. */
export async function getReleaseSplits(ctx: SplitsCtx, releaseId: string): Promise<ReleaseSplitsView> {
  const viewer = requireViewer(ctx.viewer);
  const release = await ctx.prisma.release.findUnique({ where: { id: releaseId }, select: { id: true, title: true, userId: true } });
  if (!release) throw releaseNotFound();
  const isOwner = canChangeSplits(viewer, release);
  let mine: Set<string> | null = null;
  if (!isOwner) {
    const email = await viewerEmail(ctx.prisma, viewer.userId);
    const rows = await ctx.prisma.splitCollaborator.findMany({ where: { releaseId, OR: [{ userId: viewer.userId }, { email }] }, select: { id: true } });
    if (!rows.length) throw releaseNotFound();
    mine = new Set(rows.map((r) => r.id));
  }
  const versions = await ctx.prisma.splitVersion.findMany({
    where: { releaseId },
    orderBy: [{ createdAt: 'desc' }, { version: 'desc' }],
    include: { track: { select: { title: true } }, shares: { include: { collaborator: { select: { email: true, status: true } } } } },
  });
  const collaborators = await ctx.prisma.splitCollaborator.findMany({ where: { releaseId, ...(mine ? { id: { in: [...mine] } } : {}) }, orderBy: { createdAt: 'asc' } });
  const views: SplitVersionView[] = versions.map((v) => {
    const all = v.shares.map((s) => ({ collaboratorId: s.collaboratorId, email: s.collaborator.email, basisPoints: s.basisPoints, status: s.collaborator.status }));
    const taken = all.reduce((a, p) => a + p.basisPoints, 0);
    return {
      id: v.id,
      trackId: v.trackId,
      trackTitle: v.track?.title ?? null,
      version: v.version,
      effectiveFrom: v.effectiveFrom.toISOString().slice(0, 10),
      createdAt: v.createdAt,
      parties: mine ? all.filter((p) => mine.has(p.collaboratorId)) : all.sort((a, b) => a.email.localeCompare(b.email)),
      ownerBasisPoints: 10_000 - taken,
    };
  });
  const seen = new Set<string>();
  const current = views.filter((v) => {
    const key = v.trackId ?? '';
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    releaseId,
    releaseTitle: release.title,
    versions: views,
    current,
    collaborators: collaborators.map((c) => ({ id: c.id, email: c.email, status: c.status, respondedAt: c.respondedAt, accruedMinor: c.accruedMinor })),
    viewerIsOwner: isOwner,
  };
}

async function viewerEmail(db: PrismaClient | Tx, userId: string): Promise<string> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { emailNormalized: true, emailVerified: true } });
  // Only a verified address proves the viewer owns it.
  return user?.emailVerified ? user.emailNormalized : `unverified:${userId}`;
}

export interface SetReleaseSplitsInput {
  releaseId: string;
  trackId?: string | null;
  shares: readonly SplitShareInput[];
  /** The scope's version the owner last read (0 before the first); omitted = last write wins. */
  version?: number | null;
}

/**
 * Saves a new version of the release's (or a track's) splits, effective today. Only the owner;
 * a stale `version` is CONFLICT; invalid shares are BAD_USER_INPUT with one field error each and
 * nothing saved. New collaborators are mailed an invitation.
 */
/**
 * The release whose splits the viewer may change (its owner). A collaborator is told no; anyone
 * else does not learn the release exists. Transports call it before reading the body.
 */
export async function releaseForSplitChange(ctx: SplitsCtx, releaseId: string) {
  const viewer = requireViewer(ctx.viewer);
  const release = await ctx.prisma.release.findUnique({ where: { id: releaseId }, select: { id: true, title: true, userId: true, user: { select: { email: true } } } });
  if (!release) throw releaseNotFound();
  if (!canChangeSplits(viewer, release)) {
    const email = await viewerEmail(ctx.prisma, viewer.userId);
    const isCollaborator = await ctx.prisma.splitCollaborator.count({ where: { releaseId: release.id, OR: [{ userId: viewer.userId }, { email }] } });
    if (!isCollaborator) throw releaseNotFound();
    throw new DomainError('FORBIDDEN', 'Only the owner of the release can change its splits');
  }
  return release;
}

export async function setReleaseSplits(ctx: SplitsCtx, input: SetReleaseSplitsInput): Promise<ReleaseSplitsView> {
  const viewer = requireViewer(ctx.viewer);
  const release = await releaseForSplitChange(ctx, input.releaseId);
  if (input.trackId) {
    const track = await ctx.prisma.track.findUnique({ where: { id: input.trackId }, select: { releaseId: true } });
    if (!track || track.releaseId !== release.id) throw badInput('No such track on this release', [{ field: 'trackId', key: 'invalid', message: 'No such track on this release' }]);
  }
  if (input.version !== undefined && input.version !== null && (!Number.isInteger(input.version) || input.version < 0)) {
    throw badInput('version must be a whole number', [{ field: 'version', key: 'invalid', message: 'version must be a whole number' }]);
  }
  const errors = validateSplitShares(input.shares, release.user.email, { blockedDomains: ctx.config.env.blackDomainList });
  if (errors.length) throw badInput(peopleMessage(errors), errors);
  const shares = input.shares.map((s) => ({ email: s.email.trim().toLowerCase(), basisPoints: s.basisPoints }));
  const key = scopeKey(release.id, input.trackId);
  const now = new Date();
  const invitations: { collaboratorId: string; email: string; basisPoints: number }[] = [];
  const saved = await ctx.prisma.$transaction(async (tx) => {
    // One writer per release at a time: the version check and the insert cannot interleave.
    await tx.$queryRawUnsafe(`SELECT id FROM releases WHERE id = $1 FOR UPDATE`, release.id);
    const last = await tx.splitVersion.findFirst({ where: { scopeKey: key }, orderBy: { version: 'desc' }, include: { shares: true } });
    const currentVersion = last?.version ?? 0;
    if (input.version !== undefined && input.version !== null && input.version !== currentVersion) {
      throw new DomainError('CONFLICT', SPLIT_MESSAGES.stale, { key: 'stale-version', currentVersion });
    }
    const version = await tx.splitVersion.create({
      data: { releaseId: release.id, trackId: input.trackId ?? null, scopeKey: key, version: currentVersion + 1, effectiveFrom: new Date(`${todayUtc(now)}T00:00:00Z`), createdById: viewer.userId },
    });
    for (const s of shares) {
      // An email that declined is invited afresh: a new collaborator with its own single-use link;
      // the declined one stays declined in the history of the versions that named it.
      let collaborator = await tx.splitCollaborator.findFirst({ where: { releaseId: release.id, email: s.email, status: { not: 'DECLINED' } }, orderBy: { createdAt: 'desc' } });
      if (!collaborator) {
        const user = await tx.user.findUnique({ where: { emailNormalized: s.email }, select: { id: true, emailVerified: true } });
        collaborator = await tx.splitCollaborator.create({ data: { releaseId: release.id, email: s.email, userId: user?.emailVerified ? user.id : null } });
        invitations.push({ collaboratorId: collaborator.id, email: s.email, basisPoints: s.basisPoints });
      }
      await tx.splitShare.create({ data: { versionId: version.id, collaboratorId: collaborator.id, basisPoints: s.basisPoints } });
    }
    await recordAudit(
      ctx,
      {
        category: 'RELEASE',
        subcategory: 'SPLITS_CHANGED',
        userId: release.userId,
        entityType: 'Release',
        entityId: release.id,
        oldValues: { trackId: input.trackId ?? null, version: currentVersion, shares: (last?.shares ?? []).map((s) => ({ collaboratorId: s.collaboratorId, basisPoints: s.basisPoints })) },
        newValues: { trackId: input.trackId ?? null, version: currentVersion + 1, shares },
      },
      tx,
    );
    return version;
  });
  for (const inv of invitations) await inviteCollaborator(ctx, { ...inv, releaseTitle: release.title, now });
  ctx.logger.info('splits saved', { releaseId: release.id, version: saved.version, scope: key });
  return getReleaseSplits(ctx, release.id);
}

async function inviteCollaborator(ctx: SplitsCtx, inv: { collaboratorId: string; email: string; basisPoints: number; releaseTitle: string; now: Date }): Promise<void> {
  const token = newToken();
  await ctx.prisma.splitInvitationToken.create({
    data: { collaboratorId: inv.collaboratorId, tokenHash: hashToken(token), expiresAt: new Date(inv.now.getTime() + SPLIT_INVITATION_TTL_MS) },
  });
  // userId null: the mail must not tell (nor record) whether the address has an account.
  await sendMail(ctx, {
    to: inv.email,
    userId: null,
    template: 'split-invitation',
    link: `${MAIL_LINK_ROUTES.splitInvitation}?token=${encodeURIComponent(token)}`,
    releaseTitle: inv.releaseTitle,
    share: formatShare(inv.basisPoints),
  });
}

export interface SplitInvitationView {
  id: string;
  releaseId: string;
  releaseTitle: string;
  email: string;
  status: SplitStatus;
  /** The collaborator's share in each scope's current version (release-wide and per track). */
  shares: { trackTitle: string | null; basisPoints: number }[];
  accruedMinor: bigint;
}

async function presentInvitation(db: PrismaClient | Tx, collaboratorId: string): Promise<SplitInvitationView> {
  const c = await db.splitCollaborator.findUniqueOrThrow({ where: { id: collaboratorId }, include: { release: { select: { title: true } } } });
  const versions = await db.splitVersion.findMany({
    where: { releaseId: c.releaseId },
    orderBy: { version: 'desc' },
    include: { track: { select: { title: true } }, shares: { where: { collaboratorId } } },
  });
  const seen = new Set<string>();
  const shares: SplitInvitationView['shares'] = [];
  for (const v of versions) {
    if (seen.has(v.scopeKey)) continue;
    seen.add(v.scopeKey);
    const share = v.shares[0];
    if (share) shares.push({ trackTitle: v.track?.title ?? null, basisPoints: share.basisPoints });
  }
  return { id: c.id, releaseId: c.releaseId, releaseTitle: c.release.title, email: c.email, status: c.status, shares, accruedMinor: c.accruedMinor };
}

/** The split invitations addressed to the viewer's verified email (or linked to their account). */
export async function listSplitInvitations(ctx: SplitsCtx): Promise<SplitInvitationView[]> {
  const viewer = requireViewer(ctx.viewer);
  const email = await viewerEmail(ctx.prisma, viewer.userId);
  const rows = await ctx.prisma.splitCollaborator.findMany({ where: { OR: [{ userId: viewer.userId }, { email }] }, orderBy: { createdAt: 'desc' }, select: { id: true } });
  return Promise.all(rows.map((r) => presentInvitation(ctx.prisma, r.id)));
}

/** What the mailed link shows: the release, the share, the status; the same whether or not the email has an account. */
export async function viewSplitInvitation(ctx: SplitsCtx, token: unknown): Promise<SplitInvitationView> {
  const row = await findToken(ctx.prisma, token);
  return presentInvitation(ctx.prisma, row.collaboratorId);
}

async function findToken(db: PrismaClient | Tx, token: unknown, now = new Date()) {
  const invalid = () => badInput(SPLIT_LINK_INVALID, [{ field: 'token', key: 'token-invalid', message: SPLIT_LINK_INVALID }], 'token-invalid');
  if (typeof token !== 'string' || token.length < 10 || token.length > 200) throw invalid();
  const row = await db.splitInvitationToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.usedAt || row.expiresAt <= now) throw invalid();
  return row;
}

export interface RespondToSplitInput {
  /** The collaborator id (signed in as the invited email). */
  id?: string | null;
  /** The mailed link's token (no sign-in needed; single use). */
  token?: string | null;
}

/** Accepts or declines a split, by the mailed token or as the signed-in invitee; a declined share returns to the owner from today. */
export async function respondToSplit(ctx: SplitsCtx, input: RespondToSplitInput, answer: 'ACCEPTED' | 'DECLINED'): Promise<SplitInvitationView> {
  const now = new Date();
  const collaboratorId = await ctx.prisma.$transaction(async (tx) => {
    let id: string;
    if (input.token) {
      const row = await findToken(tx, input.token, now);
      if (input.id && input.id !== row.collaboratorId) throw badInput(SPLIT_LINK_INVALID, [{ field: 'token', key: 'token-invalid', message: SPLIT_LINK_INVALID }], 'token-invalid');
      const used = await tx.splitInvitationToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
      if (used.count === 0) throw badInput(SPLIT_LINK_INVALID, [{ field: 'token', key: 'token-invalid', message: SPLIT_LINK_INVALID }], 'token-invalid');
      id = row.collaboratorId;
    } else {
      const viewer = requireViewer(ctx.viewer);
      if (!input.id) throw badInput('id or token is required', [{ field: 'id', key: 'required', message: 'id or token is required' }]);
      const email = await viewerEmail(tx, viewer.userId);
      const c = await tx.splitCollaborator.findUnique({ where: { id: input.id }, select: { id: true, email: true, userId: true } });
      if (!c || (c.userId !== viewer.userId && c.email !== email)) throw new DomainError('NOT_FOUND', 'No such split invitation');
      id = c.id;
    }
    const c = await tx.splitCollaborator.findUniqueOrThrow({ where: { id }, include: { release: { select: { userId: true } } } });
    if (c.status !== 'INVITED') throw new DomainError('CONFLICT', `This split was already ${c.status === 'ACCEPTED' ? 'accepted' : 'declined'}`, { key: 'already-answered' });
    await tx.splitCollaborator.update({ where: { id }, data: { status: answer, respondedAt: now } });
    await tx.splitInvitationToken.updateMany({ where: { collaboratorId: id, usedAt: null }, data: { usedAt: now } });
    await recordAudit(
      ctx,
      { category: 'RELEASE', subcategory: answer === 'ACCEPTED' ? 'SPLIT_ACCEPTED' : 'SPLIT_DECLINED', userId: c.release.userId, entityType: 'SplitCollaborator', entityId: id, oldValues: { status: c.status }, newValues: { status: answer, email: c.email } },
      tx,
    );
    return id;
  });
  return presentInvitation(ctx.prisma, collaboratorId);
}

/**
 * Called when an account verifies `email` (sign-up verification or an email change): links the
 * email's split collaborations to the account and moves the pending balance to its wallet in one
 * ledger transaction. Safe to call twice (the second finds nothing pending).
 */
export async function claimSplitEarnings(ctx: Pick<AppContext, 'prisma' | 'viewer' | 'requestId'>, userId: string, email: string): Promise<{ movedMinor: bigint; linked: number }> {
  const normalized = email.trim().toLowerCase();
  const pending = await findPendingSplitAccount(ctx.prisma, normalized);
  const linked = await ctx.prisma.splitCollaborator.updateMany({ where: { email: normalized, userId: null }, data: { userId } });
  if (!pending) return { movedMinor: 0n, linked: linked.count };
  const moved = await ctx.prisma.$transaction(async (tx) => {
    const account = await lockAccount(tx, pending.id);
    if (account.balance_minor <= 0n) return 0n;
    const wallet = await walletAccount(tx, userId, account.currency);
    const count = await tx.ledgerEntry.count({ where: { accountId: pending.id } });
    await postTransactionIn(tx, {
      kind: 'SPLIT_CLAIM',
      idempotencyKey: `split-claim:${pending.id}:${count}`,
      entries: [
        { accountId: pending.id, amountMinor: -account.balance_minor },
        { accountId: wallet.id, amountMinor: account.balance_minor },
      ],
      description: 'Split earnings claimed',
      metadata: { userId },
    });
    await recordAudit(ctx, { category: 'ACCOUNT', subcategory: 'SPLIT_CLAIMED', userId, actorId: userId, entityType: 'LedgerAccount', entityId: pending.id, newValues: { amountMinor: account.balance_minor.toString() } }, tx);
    return account.balance_minor;
  });
  return { movedMinor: moved, linked: linked.count };
}

/** The owner's split sheet: every version and party of the release with what each party accrued. */
export async function splitSheetRows(ctx: SplitsCtx, releaseId: string): Promise<string[][]> {
  const view = await getReleaseSplits(ctx, releaseId);
  if (!view.viewerIsOwner) throw new DomainError('FORBIDDEN', 'Only the owner of the release can download its split sheet');
  const accrued = new Map(view.collaborators.map((c) => [c.id, c.accruedMinor]));
  const rows: string[][] = [['Version', 'Scope', 'Effective from', 'Party', 'Share', 'Status', 'Accrued USD']];
  for (const v of [...view.versions].reverse()) {
    const scope = v.trackTitle ? `Track: ${v.trackTitle}` : 'Release';
    rows.push([String(v.version), scope, v.effectiveFrom, 'Owner', formatShare(v.ownerBasisPoints), '', '']);
    for (const p of v.parties) rows.push([String(v.version), scope, v.effectiveFrom, p.email, formatShare(p.basisPoints), p.status, formatMinor(accrued.get(p.collaboratorId) ?? 0n)]);
  }
  const total = view.collaborators.reduce((a, c) => a + c.accruedMinor, 0n);
  rows.push(['Total', '', '', 'Collaborators', '', '', formatMinor(total)]);
  return rows;
}

export interface SplitSaleRow {
  id: string;
  reportDate: string;
  releaseTitle: string;
  trackTitle: string;
  serviceName: string;
  countryCode: string;
  units: number;
  /** The collaborator's share in the version in force on the line's date. */
  basisPoints: number;
}

/** The sales the viewer earns from as a collaborator, summed by day, track, store and country (newest first, at most 200), each with their share; never the owner's other sales. */
export async function listSplitSales(ctx: SplitsCtx): Promise<SplitSaleRow[]> {
  const viewer = requireViewer(ctx.viewer);
  const email = await viewerEmail(ctx.prisma, viewer.userId);
  const mine = await ctx.prisma.splitCollaborator.findMany({
    where: { OR: [{ userId: viewer.userId }, { email }] },
    select: { id: true, releaseId: true, status: true, respondedAt: true },
  });
  if (!mine.length) return [];
  const releaseIds = mine.map((c) => c.releaseId);
  const versions = await ctx.prisma.splitVersion.findMany({ where: { releaseId: { in: releaseIds } }, include: { shares: { select: { collaboratorId: true, basisPoints: true } } } });
  const byScope = new Map<string, { version: number; effectiveFrom: string; shares: { collaboratorId: string; basisPoints: number }[] }[]>();
  for (const v of versions) byScope.set(v.scopeKey, [...(byScope.get(v.scopeKey) ?? []), { version: v.version, effectiveFrom: v.effectiveFrom.toISOString().slice(0, 10), shares: v.shares }]);
  const firstDay = versions.reduce((min, v) => (v.effectiveFrom < min ? v.effectiveFrom : min), new Date('9999-12-31'));
  // A batch's lines are stored before it is posted (sales import): only posted batches count.
  const unposted = await ctx.prisma.salesImportBatch.findMany({ where: { status: { not: 'POSTED' } }, select: { id: true } });
  // The batches' day sums (sales_import_groups): one row per day, track, store and country.
  const lines = await ctx.prisma.salesImportGroup.findMany({
    where: { releaseId: { in: releaseIds }, reportDate: { gte: firstDay }, importBatchId: { notIn: unposted.map((b) => b.id) } },
    orderBy: [{ reportDate: 'desc' }, { id: 'desc' }],
    take: 1000,
    select: { id: true, reportDate: true, releaseId: true, trackId: true, releaseTitle: true, trackTitle: true, serviceName: true, countryCode: true, units: true },
  });
  // One person may be several collaborators of a release (declined, then invited again).
  const collaboratorsOf = new Map<string, typeof mine>();
  for (const c of mine) collaboratorsOf.set(c.releaseId, [...(collaboratorsOf.get(c.releaseId) ?? []), c]);
  const rows: SplitSaleRow[] = [];
  for (const l of lines) {
    const day = l.reportDate.toISOString().slice(0, 10);
    const version = (l.trackId ? versionInForce(byScope.get(`${l.releaseId}:${l.trackId}`) ?? [], day) : undefined) ?? versionInForce(byScope.get(l.releaseId!) ?? [], day);
    const c = (collaboratorsOf.get(l.releaseId!) ?? []).find((m) => version?.shares.some((s) => s.collaboratorId === m.id));
    if (!c || (c.status === 'DECLINED' && c.respondedAt && c.respondedAt.toISOString().slice(0, 10) <= day)) continue;
    const share = version!.shares.find((s) => s.collaboratorId === c.id)!;
    rows.push({ id: l.id.toString(), reportDate: day, releaseTitle: l.releaseTitle ?? '', trackTitle: l.trackTitle ?? '', serviceName: l.serviceName, countryCode: l.countryCode ?? '', units: Number(l.units), basisPoints: share.basisPoints });
    if (rows.length === 200) break;
  }
  return rows;
}
