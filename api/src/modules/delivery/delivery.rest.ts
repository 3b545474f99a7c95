/** REST: a release's DDEX message as XML (owner, support acting as them, and staff). */
import { Router } from 'express';
import { badInput } from '../../domain-error.ts';
import { handler, sendFile, signedIn } from '../../http/rest-helpers.ts';
import { openDdexMessage } from './delivery.service.ts';

export function deliveryRouter(): Router {
  const router = Router();
  router.get(
    '/releases/:id/ddex',
    signedIn,
    handler(async (req, res) => {
      const delivery = req.query.delivery;
      if (delivery !== undefined && (typeof delivery !== 'string' || !/^[0-9a-f-]{36}$/i.test(delivery))) {
        throw badInput('delivery must be a delivery id', [{ field: 'delivery', key: 'invalid', message: 'delivery must be a delivery id' }]);
      }
      const message = await openDdexMessage(req.ctx, String(req.params.id), delivery);
      res.setHeader('Cache-Control', 'private, no-store');
      await sendFile(res, message.stream, { mimeType: 'application/xml; charset=utf-8', fileName: message.fileName, size: message.size, inline: req.query.download !== 'true' });
    }),
  );
  return router;
}
