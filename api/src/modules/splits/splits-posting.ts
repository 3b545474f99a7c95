/**
 * Splits in a sales posting: each owner's whole-cent net credit is divided over the owner's lines
 * (largest remainder, by gross), and the part of the lines of a release or track with a split is
 * divided again by the version in force on the line's date (largest remainder, by basis points;
 * the owner keeps the rest, and the shares of collaborators who declined on or before that day).
 * Every division is exact, so the wallets and pending accounts receive exactly the credited cents.
 */
import type { Prisma } from '../../generated/prisma/client.ts';
import { allocateLargestRemainder, splitAmount, versionInForce } from '@cadence/domain/splits';
import { decimalToUnits } from '../sales/sales-posting.ts';

type Tx = Prisma.TransactionClient;

export type SplitCredit = { kind: 'wallet'; userId: string; cents: bigint } | { kind: 'pending'; email: string; cents: bigint };

interface VersionRow {
  id: string;
  release_id: string;
  track_id: string | null;
  version: number;
  effective_from: string;
  collaborator_id: string | null;
  basis_points: number | null;
  email: string | null;
  user_id: string | null;
  status: string | null;
  responded: string | null;
}

interface Party {
  collaboratorId: string;
  basisPoints: number;
  email: string;
  userId: string | null;
  declinedFrom: string | null;
}

interface Version {
  version: number;
  effectiveFrom: string;
  parties: Party[];
}

/** Versions per scope key ('<release>' or '<release>:<track>'). */
function groupVersions(rows: readonly VersionRow[]): Map<string, Version[]> {
  const byId = new Map<string, { scope: string; v: Version }>();
  for (const r of rows) {
    let entry = byId.get(r.id);
    if (!entry) {
      entry = { scope: r.track_id ? `${r.release_id}:${r.track_id}` : r.release_id, v: { version: Number(r.version), effectiveFrom: r.effective_from, parties: [] } };
      byId.set(r.id, entry);
    }
    if (r.collaborator_id) {
      entry.v.parties.push({
        collaboratorId: r.collaborator_id,
        basisPoints: Number(r.basis_points),
        email: r.email!,
        userId: r.user_id,
        declinedFrom: r.status === 'DECLINED' ? r.responded : null,
      });
    }
  }
  const scopes = new Map<string, Version[]>();
  for (const { scope, v } of byId.values()) scopes.set(scope, [...(scopes.get(scope) ?? []), v]);
  return scopes;
}

/**
 * Divides the owners' credits (whole cents per owner) over owners, collaborators' wallets and
 * pending accounts, for the lines chosen by `from` ("FROM <table> l WHERE ...", with `params`). Adds what each collaborator received to their accrued total. Owners without split
 * lines keep their credit unchanged.
 */
export async function divideCreditsBySplits(tx: Tx, from: string, params: readonly unknown[], credits: readonly { userId: string; cents: bigint; grossUnits: bigint }[]): Promise<SplitCredit[]> {
  const plain: SplitCredit[] = credits.map((c) => ({ kind: 'wallet', userId: c.userId, cents: c.cents }));
  const rows = await tx.$queryRawUnsafe<VersionRow[]>(
    `SELECT v.id, v.release_id, v.track_id, v.version, v.effective_from::text AS effective_from, s.collaborator_id, s.basis_points,
       c.email, c.user_id, c.status::text AS status, (c.responded_at AT TIME ZONE 'UTC')::date::text AS responded
     FROM split_versions v LEFT JOIN split_shares s ON s.version_id = v.id LEFT JOIN split_collaborators c ON c.id = s.collaborator_id
     WHERE v.release_id IN (SELECT DISTINCT l.release_id ${from} AND l.release_id IS NOT NULL)`,
    ...params,
  );
  if (!rows.length) return plain;
  const scopes = groupVersions(rows);
  const releaseIds = [...new Set(rows.map((r) => r.release_id))];
  const groups = await tx.$queryRawUnsafe<{ user_id: string; release_id: string; track_id: string | null; day: string; gross: string }[]>(
    `SELECT l.user_id, l.release_id, l.track_id, l.report_date::text AS day, SUM(l.payable)::text AS gross
     ${from} AND l.release_id = ANY($${params.length + 1}::text[])
     GROUP BY l.user_id, l.release_id, l.track_id, l.report_date ORDER BY l.user_id, l.release_id, l.track_id, l.report_date`,
    ...params,
    releaseIds,
  );
  const byOwner = new Map<string, typeof groups>();
  for (const g of groups) byOwner.set(g.user_id, [...(byOwner.get(g.user_id) ?? []), g]);
  const out = new Map<string, SplitCredit>();
  const add = (c: SplitCredit) => {
    if (c.cents === 0n) return;
    const key = c.kind === 'wallet' ? `w:${c.userId}` : `p:${c.email}`;
    const prev = out.get(key);
    out.set(key, prev ? { ...prev, cents: prev.cents + c.cents } : c);
  };
  const accrued = new Map<string, bigint>();
  for (const credit of credits) {
    const owned = byOwner.get(credit.userId);
    if (!owned) {
      add({ kind: 'wallet', userId: credit.userId, cents: credit.cents });
      continue;
    }
    // The credit follows the gross: lines outside splits first, then each split group. A negative
    // group (refunds) weighs nothing: the owner carries it.
    const groupGross = owned.map((g) => decimalToUnits(g.gross));
    const rest = credit.grossUnits - groupGross.reduce((a, g) => a + g, 0n);
    const weights = [rest, ...groupGross].map((w) => (w > 0n ? w : 0n));
    const parts = weights.some((w) => w > 0n) ? allocateLargestRemainder(credit.cents, weights) : [credit.cents, ...groupGross.map(() => 0n)];
    add({ kind: 'wallet', userId: credit.userId, cents: parts[0]! });
    owned.forEach((g, i) => {
      const cents = parts[i + 1]!;
      const version =
        (g.track_id ? versionInForce(scopes.get(`${g.release_id}:${g.track_id}`) ?? [], g.day) : undefined) ?? versionInForce(scopes.get(g.release_id) ?? [], g.day);
      const parties = (version?.parties ?? []).filter((p) => !(p.declinedFrom && p.declinedFrom <= g.day));
      const split = splitAmount(cents, parties.map((p) => p.basisPoints));
      add({ kind: 'wallet', userId: credit.userId, cents: split.owner });
      parties.forEach((p, j) => {
        const share = split.shares[j]!;
        add(p.userId ? { kind: 'wallet', userId: p.userId, cents: share } : { kind: 'pending', email: p.email, cents: share });
        accrued.set(p.collaboratorId, (accrued.get(p.collaboratorId) ?? 0n) + share);
      });
    });
  }
  for (const [id, cents] of accrued) {
    if (cents !== 0n) await tx.splitCollaborator.update({ where: { id }, data: { accruedMinor: { increment: cents } } });
  }
  return [...out.values()];
}
