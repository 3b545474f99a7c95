/**
 * GET /api/dev/outbox: the outbox (staff; outside production also each addressee for their own
 * mail; 401 anonymous, 404 for others in production). JSON by default; a browser asking
 * for HTML gets a small page whose links are relative, so they open on whatever address serves it.
 */
import { Router } from 'express';
import { type } from 'superstruct';
import { fieldNames, handler, optionalText, validate, wholeNumberParam } from '../../http/rest-helpers.ts';
import { listOutbox, type OutboxEntry } from './mail.service.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function relative(link: string): string {
  try {
    const u = new URL(link);
    return `${u.pathname}${u.search}`;
  } catch {
    return link;
  }
}

/** The outbox as an accessible HTML page. */
export function renderOutboxPage(mails: OutboxEntry[]): string {
  const items = mails
    .map(
      (m) => `<li><article><h2>${escape(m.subject)}</h2><p>To ${escape(m.to)} · <time datetime="${m.createdAt.toISOString()}">${m.createdAt.toISOString()}</time></p>` +
        `<pre>${escape(m.text)}</pre>${m.links.map((l) => `<p><a href="${escape(relative(l))}">Open ${escape(relative(l).split('?')[0] ?? l)}</a></p>`).join('')}</article></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local outbox</title></head><body><main><h1>Local outbox</h1>` +
    (mails.length ? `<ol>${items}</ol>` : '<p>No mail yet.</p>') + '</main></body></html>';
}

/** GET /api/dev/outbox?to&limit: one addressee's mail, the newest `limit` (up to 3 digits). */
const OutboxQuery = type({ to: optionalText('to'), limit: wholeNumberParam('limit', 3) });

export function mailRouter(): Router {
  const r = Router();
  r.get('/dev/outbox', handler(async (req, res) => {
    const mails = await listOutbox(req.ctx, validate(OutboxQuery, req.query, { noKey: fieldNames(OutboxQuery) }));
    if (req.accepts(['json', 'html']) === 'html') {
      res.type('html').send(renderOutboxPage(mails));
      return undefined;
    }
    return mails;
  }));
  return r;
}
