/** GET /api/client-configs: the result replaces the browser's environment configuration. */
import { Router } from 'express';
import { handler } from '../../http/rest-helpers.ts';
import { getClientConfig } from './client-config.service.ts';

export function clientConfigRouter(): Router {
  const r = Router();
  r.get('/client-configs', handler(async (req) => getClientConfig(req.ctx.config, req.ctx.brandId)));
  return r;
}
