/** GraphQL types and queries for the dictionaries. */
import { builder } from '../../graphql/builder.ts';
import {
  listCanadianProvinces,
  listCountries,
  listDsps,
  listEuCountries,
  listGenres,
  listLanguages,
  listOutlets,
  listUsStates,
  type CountryEntry,
  type DspEntry,
  type NamedEntry,
  type OutletEntry,
  type RegionEntry,
} from './dictionary.service.ts';

const Country = builder.objectRef<CountryEntry>('Country').implement({
  description: 'An ISO 3166-1 country.',
  fields: (t) => ({ code: t.exposeString('code'), name: t.exposeString('name'), isEu: t.exposeBoolean('isEu') }),
});
const Language = builder.objectRef<NamedEntry>('Language').implement({
  description: 'A language of lyrics or metadata.',
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name') }),
});
const Genre = builder.objectRef<NamedEntry>('Genre').implement({
  description: 'A music genre; ids are the store codes (e.g. 2699, 2698_3051).',
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name') }),
});
const Outlet = builder.objectRef<OutletEntry>('Outlet').implement({
  description: 'A reporting outlet of sales and streaming analytics.',
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});
const Dsp = builder.objectRef<DspEntry>('Dsp').implement({
  description: 'A store or streaming service releases are delivered to.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    uri: t.exposeString('uri'),
    showInList: t.exposeBoolean('showInList'),
  }),
});
const Region = builder.objectRef<RegionEntry>('Region').implement({
  description: 'A state or province: value is the postal code, name the display name.',
  fields: (t) => ({ value: t.exposeString('value'), name: t.exposeString('name') }),
});

builder.queryFields((t) => ({
  countries: t.field({ type: [Country], resolve: (_r, _a, ctx) => listCountries(ctx) }),
  euCountries: t.field({ type: [Country], resolve: (_r, _a, ctx) => listEuCountries(ctx) }),
  languages: t.field({ type: [Language], resolve: (_r, _a, ctx) => listLanguages(ctx) }),
  genres: t.field({ type: [Genre], resolve: (_r, _a, ctx) => listGenres(ctx) }),
  outlets: t.field({ type: [Outlet], resolve: (_r, _a, ctx) => listOutlets(ctx) }),
  dsps: t.field({
    type: [Dsp],
    args: { showList: t.arg.boolean({ required: false }) },
    resolve: (_r, args, ctx) => listDsps(ctx, { showList: args.showList ?? false }),
  }),
  usStates: t.field({ type: [Region], resolve: (_r, _a, ctx) => listUsStates(ctx) }),
  canadianProvinces: t.field({ type: [Region], resolve: (_r, _a, ctx) => listCanadianProvinces(ctx) }),
}));
