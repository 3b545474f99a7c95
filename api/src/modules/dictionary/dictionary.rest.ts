/** Legacy REST paths for dictionaries (supporting §7): parse, call the service, present. */
import { Router } from 'express';
import { type } from 'superstruct';
import { boolQuery, handler, validate } from '../../http/rest-helpers.ts';
import {
  listCountries,
  listDsps,
  listGenres,
  listLanguages,
  listOutlets,
} from './dictionary.service.ts';

/** GET /api/dictionary/dsps?isShowList=true|false: only the outlets shown in the list, or only the others. */
export const DspsQuery = type({ isShowList: boolQuery('isShowList') });

export function dictionaryRouter(): Router {
  const r = Router();
  r.get('/dictionary/countries', handler(async (req) =>
    (await listCountries(req.ctx)).map((c, i) => ({ id: i + 1, countryCode: c.code, countryName: c.name, isEu: c.isEu })),
  ));
  r.get('/dictionary/languages', handler(async (req) =>
    (await listLanguages(req.ctx)).map((l) => ({ id: l.id, languageName: l.name })),
  ));
  r.get('/dictionary/genres', handler(async (req) => listGenres(req.ctx)));
  r.get('/dictionary/outlets', handler(async (req) => listOutlets(req.ctx)));
  r.get('/dictionary/dsps', handler(async (req) =>
    listDsps(req.ctx, { showList: validate(DspsQuery, req.query, { noKey: ['isShowList'] }).isShowList }),
  ));
  return r;
}
