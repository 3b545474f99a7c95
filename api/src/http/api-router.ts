/** The legacy REST API mounted at /api: each module contributes its router. */
import { Router } from 'express';
import { dictionaryRouter } from '../modules/dictionary/dictionary.rest.ts';
import { clientConfigRouter } from '../modules/client-config/client-config.rest.ts';

export function apiRouter(): Router {
  const r = Router();
  r.use(dictionaryRouter());
  r.use(clientConfigRouter());
  return r;
}
