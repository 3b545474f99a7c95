/** Legacy REST paths for invitations (core §7). */
import { Router } from 'express';
import { array, object, string } from 'superstruct';
import { handler, LISTED, signedIn, validate } from '../../http/rest-helpers.ts';
import { listInvitations, sendInvitations } from './invitations.service.ts';

export const InviteBody = object({ emails: array(string()) });

export function invitationsRouter(): Router {
  const r = Router();
  r.get('/invitations', handler(async (req) => listInvitations(req.ctx)));
  r.post('/invitations', signedIn, handler(async (req) => sendInvitations(req.ctx, validate(InviteBody, req.body, LISTED).emails)));
  return r;
}
