/**
 * Browser hardening headers, through helmet, on every answer:
 * - a strict Content-Security-Policy: scripts only from our origin or with this request's nonce
 *   (the page's boot script and react-router's hydration data are inline, so ssr.ts and client.ts
 *   stamp them with the nonce), no inline styles or event handlers, no plugins, no <base> or
 *   form posts elsewhere, and no framing (frame-ancestors 'none', X-Frame-Options DENY);
 * - Referrer-Policy same-origin: links in mail carry tokens in their address, which must not
 *   reach another site, while our own pages still see where a request came from;
 * - Strict-Transport-Security only when PRODUCTION=true (a development server on http:// would
 *   otherwise be unreachable in that browser for a year), and likewise upgrade-insecure-requests.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** The nonce this answer's inline scripts carry (set by securityHeaders before anything renders). */
export function cspNonce(res: Pick<Response, 'locals'>): string | undefined {
  return typeof res.locals.cspNonce === 'string' ? res.locals.cspNonce : undefined;
}

/** Where the browser error-report SDK sends events: the origin of SENTRY_DSN, if one is set. */
export function errorReportOrigin(sentryDsn: string): string | undefined {
  if (!sentryDsn) return undefined;
  try {
    return new URL(sentryDsn).origin;
  } catch {
    return undefined;
  }
}

/**
 * The origins Braintree's client SDK and PayPal's button need when Braintree is the gateway
 * (Braintree's and PayPal's CSP guidance): scripts, API calls, the PayPal window and 3-D Secure
 * frames. The sandbox gateway needs none of them.
 */
const BRAINTREE_CSP = {
  script: ['https://*.braintreegateway.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
  connect: ['https://*.braintreegateway.com', 'https://*.braintree-api.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
  frame: ['https://*.braintreegateway.com', 'https://*.paypal.com', 'https://*.cardinalcommerce.com'],
  img: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
};

/**
 * The CSP directives; `production` adds upgrade-insecure-requests, and a Sentry DSN's origin is
 * the one other place the page may connect to (the browser SDK posts its events there). With the
 * Braintree gateway, its and PayPal's origins are added, and PayPal's button styles carry the
 * page's nonce (braintree-web passes it to PayPal's SDK as data-csp-nonce).
 */
export function cspDirectives(production: boolean, sentryDsn = '', gateway: 'sandbox' | 'braintree' = 'sandbox') {
  const reports = errorReportOrigin(sentryDsn);
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as unknown as Response).locals.cspNonce as string}'`;
  const bt = gateway === 'braintree';
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", nonce, ...(bt ? BRAINTREE_CSP.script : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...(bt ? [nonce] : [])],
    'img-src': ["'self'", 'data:', 'blob:', ...(bt ? BRAINTREE_CSP.img : [])],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(reports ? [reports] : []), ...(bt ? BRAINTREE_CSP.connect : [])],
    ...(bt ? { 'frame-src': BRAINTREE_CSP.frame } : {}),
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Sets a fresh nonce on res.locals, then helmet's headers. */
export function securityHeaders(options: { production: boolean; sentryDsn?: string; paymentGateway?: 'sandbox' | 'braintree' }): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options.production, options.sentryDsn, options.paymentGateway) },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  return (req, res, next) => {
    // Built scripts and styles are never documents: the document-level headers (CSP, framing,
    // COOP...) do nothing there and cost about 900 bytes on each of the page's dozen files
    // (issue 22). They keep the headers that do apply to a subresource.
    if (req.method === 'GET' && req.path.startsWith('/assets/')) {
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      res.setHeader('Referrer-Policy', 'same-origin');
      if (options.production) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      next();
      return;
    }
    res.locals.cspNonce = randomBytes(16).toString('base64');
    headers(req, res, next);
  };
}
