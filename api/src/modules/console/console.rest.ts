/**
 * REST paths of the operations console, for partner tools (issue 14): validate, call the service,
 * present. Every path is staff only (the services ask the staff policy); the guards here refuse
 * others before a body is read, and name the role each path needs so the security suite can find them.
 */
import { Router, type Request, type RequestHandler } from 'express';
import { array, enums, nullable, object, optional, size, string } from 'superstruct';
import { badInput, DomainError } from '../../domain-error.ts';
import { handler, sendFileRange, validate, pathParam } from '../../http/rest-helpers.ts';
import { approveRelease, getReviewRelease, listReviewQueue, openReviewCover, openReviewTrackAudio, rejectRelease } from '../releases/release-review.service.ts';
import { blockUser, changeUserRole, unblockUser } from '../support/support.service.ts';
import { mayStaff } from '../users/staff.policy.ts';
import { importRoster } from '../users/roster-import.service.ts';

/** Route guard: support or admin (named so the security suite reads it from the route table). */
export const staffOnly: RequestHandler = function staffOnly(req, _res, next) {
  const viewer = req.ctx.viewer;
  if (!viewer) return next(new DomainError('UNAUTHENTICATED', 'Sign in required'));
  next(mayStaff(viewer, 'review-releases') ? undefined : new DomainError('FORBIDDEN', 'Not allowed'));
};

/** Route guard: admin only (managing staff). */
export const adminOnly: RequestHandler = function adminOnly(req, _res, next) {
  const viewer = req.ctx.viewer;
  if (!viewer) return next(new DomainError('UNAUTHENTICATED', 'Sign in required'));
  next(mayStaff(viewer, 'manage-staff') ? undefined : new DomainError('FORBIDDEN', 'Not allowed'));
};

const ListQuery = object({ status: optional(string()), first: optional(string()), after: optional(string()) });
export const ApproveBody = object({ version: optional(nullable(size(string(), 0, 15))) });
export const RejectBody = object({
  reasons: size(array(object({ trackId: optional(nullable(string())), reason: string() })), 1, 100),
  version: optional(nullable(size(string(), 0, 15))),
});
export const RoleBody = object({ role: enums(['USER', 'SUPPORT', 'ADMIN']) });
export const BlockBody = object({ reason: optional(nullable(string())), superBlock: optional(nullable(enums(['true', 'false']))) });

/** JSON numbers and booleans arrive as they are; the shapes above read text, so scalars are made text first. */
function texts(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'boolean' ? String(v) : v]));
}

function intOrNull(value: string | null | undefined, field: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (!/^\d{1,15}$/.test(value)) throw badInput(`${field} must be a whole number`, [{ field, key: 'invalid-type', message: `${field} must be a whole number` }], 'invalid-type');
  return Number(value);
}

const id = (req: Request) => pathParam(req, 'id');

export const RosterBody = object({ csv: size(string(), 1, 2_000_000) });

export function consoleRouter(): Router {
  const r = Router();
  // A label's roster as CSV (text/csv body, or JSON {csv}): email,first_name,last_name,artist_names.
  r.post('/admin/users/import', staffOnly, handler(async (req) => importRoster(req.ctx, validate(RosterBody, typeof req.body === 'string' ? { csv: req.body } : req.body).csv)));
  r.get('/admin/releases', staffOnly, handler(async (req) => {
    const q = validate(ListQuery, req.query);
    return listReviewQueue(req.ctx, { status: q.status, first: intOrNull(q.first, 'first'), after: q.after });
  }));
  r.get('/admin/releases/:id', staffOnly, handler(async (req) => getReviewRelease(req.ctx, id(req))));
  r.post('/admin/releases/:id/approve', staffOnly, handler(async (req) => {
    const body = validate(ApproveBody, texts(req.body));
    const { releaseId } = await approveRelease(req.ctx, { releaseId: id(req), version: intOrNull(body.version, 'version') });
    return getReviewRelease(req.ctx, releaseId);
  }));
  r.post('/admin/releases/:id/reject', staffOnly, handler(async (req) => {
    const body = validate(RejectBody, texts(req.body));
    const { releaseId } = await rejectRelease(req.ctx, { releaseId: id(req), reasons: body.reasons, version: intOrNull(body.version, 'version') });
    return getReviewRelease(req.ctx, releaseId);
  }));
  r.get('/admin/releases/:id/cover', staffOnly, handler(async (req, res) => {
    await sendFileRange(req, res, await openReviewCover(req.ctx, id(req)), { inline: true });
  }));
  r.get('/admin/tracks/:id/audio', staffOnly, handler(async (req, res) => {
    await sendFileRange(req, res, await openReviewTrackAudio(req.ctx, id(req)), { inline: true });
  }));
  r.post('/admin/users/:id/block', staffOnly, handler(async (req) => {
    const body = validate(BlockBody, texts(req.body));
    return blockUser(req.ctx, { userId: id(req), reason: body.reason ?? '', superBlock: body.superBlock === 'true' });
  }));
  r.post('/admin/users/:id/unblock', staffOnly, handler(async (req) => {
    const body = validate(BlockBody, texts(req.body));
    return unblockUser(req.ctx, { userId: id(req), reason: body.reason });
  }));
  r.post('/admin/users/:id/role', adminOnly, handler(async (req) => {
    const body = validate(RoleBody, req.body);
    return changeUserRole(req.ctx, { userId: id(req), role: body.role });
  }));
  return r;
}
