/**
 * Assigns ISRCs (registrant prefix + year + 5-digit designation) and UPCs (company prefix +
 * sequence + check digit) to what the user left empty. An advisory lock serialises assignment so
 * two submissions never take the same code.
 */
import { completeUpc } from '@cadence/domain/upc';
import type { Tx } from './release-status.service.ts';

const CODE_LOCK = 720_450_001;

async function lockCodes(tx: Tx): Promise<void> {
  await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${CODE_LOCK})`);
}

/** Next free ISRCs for this registrant and year, in canonical 12-character form. */
export async function nextIsrcs(tx: Tx, registrant: string, count: number, now: Date = new Date()): Promise<string[]> {
  if (count === 0) return [];
  await lockCodes(tx);
  const prefix = `${registrant}${String(now.getUTCFullYear()).slice(2)}`;
  const last = await tx.track.findFirst({ where: { isrc: { startsWith: prefix } }, orderBy: { isrc: 'desc' }, select: { isrc: true } });
  const start = last?.isrc && /^\d{5}$/.test(last.isrc.slice(7)) ? Number(last.isrc.slice(7)) + 1 : 1;
  if (start + count - 1 > 99_999) throw new Error(`ISRC designations for ${prefix} are used up`);
  return Array.from({ length: count }, (_, i) => `${prefix}${String(start + i).padStart(5, '0')}`);
}

/** The next free 12-digit UPC-A under the company prefix. */
export async function nextUpc(tx: Tx, companyPrefix: string): Promise<string> {
  await lockCodes(tx);
  const last = await tx.release.findFirst({
    where: { upc: { startsWith: companyPrefix } },
    orderBy: { upc: 'desc' },
    select: { upc: true },
  });
  const width = 11 - companyPrefix.length;
  const lastSeq = last?.upc && last.upc.length === 12 ? Number(last.upc.slice(companyPrefix.length, 11)) : 0;
  const next = lastSeq + 1;
  if (String(next).length > width) throw new Error(`UPCs under prefix ${companyPrefix} are used up`);
  return completeUpc(`${companyPrefix}${String(next).padStart(width, '0')}`);
}
