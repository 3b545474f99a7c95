/**
 * A label's roster (issue 23): staff upload a CSV of email, first_name, last_name, artist_names;
 * each new person gets an account without a password and a set-password link through the same mail
 * as a password reset, audited as "user imported" naming the staff member. Rows with a bad or
 * already registered email are reported with their line and skip nothing else.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { validateEmail } from '@cadence/domain/email';
import type { AppContext } from '../../context.ts';
import { badInput } from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { MAIL_LINK_ROUTES, sendMail } from '../mail/mail.service.ts';
import { issueEmailToken } from './email-tokens.ts';
import { requireStaffAction } from './staff.policy.ts';

export const ROSTER_COLUMNS = ['email', 'first_name', 'last_name', 'artist_names'] as const;
/** At most this many people per roster file. */
export const ROSTER_MAX_ROWS = 2_000;

export interface RosterResult {
  invited: { line: number; email: string; userId: string }[];
  errors: { line: number; email: string | null; message: string }[];
}

/** Creates the roster's accounts and mails each a set-password link; staff only. */
export async function importRoster(ctx: AppContext, csv: string): Promise<RosterResult> {
  requireStaffAction(ctx.viewer, 'manage-accounts');
  let rows: string[][];
  try {
    rows = parseCsv(String(csv ?? '').replace(/^\uFEFF/, ''), { skip_empty_lines: true, trim: true, relax_column_count: false, max_record_size: 16 * 1024 }) as string[][];
  } catch (err) {
    throw badInput(`The roster cannot be read: ${(err as Error).message}`, [{ field: 'csv', key: 'bad-csv', message: 'The roster cannot be read' }], 'bad-csv');
  }
  const header = (rows[0] ?? []).map((h) => h.toLowerCase().replace(/[\s-]+/g, '_'));
  if (ROSTER_COLUMNS.some((c) => !header.includes(c)) || header.length !== ROSTER_COLUMNS.length) {
    throw badInput(`Wrong roster columns: the header must be ${ROSTER_COLUMNS.join(',')}`, [{ field: 'csv', key: 'wrong-columns', message: `The header must be ${ROSTER_COLUMNS.join(',')}` }], 'wrong-columns');
  }
  if (rows.length - 1 > ROSTER_MAX_ROWS) throw badInput(`At most ${ROSTER_MAX_ROWS} people per roster`, [{ field: 'csv', key: 'too-many-rows', message: `At most ${ROSTER_MAX_ROWS} people` }], 'too-many-rows');
  const col = (row: string[], c: (typeof ROSTER_COLUMNS)[number]) => row[header.indexOf(c)] ?? '';
  const out: RosterResult = { invited: [], errors: [] };
  for (const [i, row] of rows.slice(1).entries()) {
    const line = i + 2;
    const email = col(row, 'email');
    const emailNormalized = email.toLowerCase();
    const bad = validateEmail(emailNormalized);
    if (bad) {
      out.errors.push({ line, email: email || null, message: bad.message });
      continue;
    }
    const artists = col(row, 'artist_names').split(';').map((a) => a.trim().slice(0, 50)).filter(Boolean);
    const user = await ctx.prisma.user
      .create({ data: { email, emailNormalized, firstName: col(row, 'first_name').slice(0, 50) || null, lastName: col(row, 'last_name').slice(0, 50) || null, primaryArtists: artists, brand: ctx.brandId } })
      .catch((err: { code?: string }) => {
        if (err.code === 'P2002') return null;
        throw err;
      });
    if (!user) {
      out.errors.push({ line, email, message: 'This email already has an account' });
      continue;
    }
    await recordAudit(ctx, { category: 'USER', subcategory: 'USER_IMPORTED', userId: user.id, entityType: 'User', entityId: user.id, newValues: { email, artistNames: artists, source: 'label roster' } });
    const token = await issueEmailToken(ctx, user.id, 'RESET_PASSWORD', null);
    await sendMail(ctx, { to: email, userId: user.id, template: 'reset-password', link: `${MAIL_LINK_ROUTES.resetPassword}?token=${encodeURIComponent(token)}` });
    out.invited.push({ line, email, userId: user.id });
  }
  return out;
}
