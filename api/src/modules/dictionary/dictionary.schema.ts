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
  fields: (t) => ({
    code: t.exposeString('code', { description: 'ISO 3166-1 alpha-2 code.' }),
    name: t.exposeString('name', { description: 'The name in English.' }),
    isEu: t.exposeBoolean('isEu', { description: 'A member of the European Union.' }),
  }),
});
const Language = builder.objectRef<NamedEntry>('Language').implement({
  description: 'A language of lyrics or metadata.',
  fields: (t) => ({ id: t.exposeID('id', { description: 'The language code (e.g. EN), as sent in languageId.' }), name: t.exposeString('name', { description: 'The name in English.' }) }),
});
const Genre = builder.objectRef<NamedEntry>('Genre').implement({
  description: 'A music genre; ids are the store codes (e.g. 2699, 2698_3051).',
  fields: (t) => ({ id: t.exposeID('id', { description: 'The genre code, as sent in genreId.' }), name: t.exposeString('name', { description: 'The display name.' }) }),
});
const Outlet = builder.objectRef<OutletEntry>('Outlet').implement({
  description: 'A reporting outlet of sales and streaming analytics.',
  fields: (t) => ({ id: t.exposeInt('id', { description: 'The outlet id (trendsStreams outletId).' }), name: t.exposeString('name', { description: 'The outlet name.' }) }),
});
const Dsp = builder.objectRef<DspEntry>('Dsp').implement({
  description: 'A store or streaming service releases are delivered to.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The store id.' }),
    name: t.exposeString('name', { description: 'The store name.' }),
    uri: t.exposeString('uri', { description: 'The store URI, as sent in outletUris.' }),
    showInList: t.exposeBoolean('showInList', { description: 'Offered in the store picker.' }),
  }),
});
const Region = builder.objectRef<RegionEntry>('Region').implement({
  description: 'A state or province: value is the postal code, name the display name.',
  fields: (t) => ({ value: t.exposeString('value', { description: 'The postal code (e.g. CA, ON).' }), name: t.exposeString('name', { description: 'The display name.' }) }),
});

builder.queryFields((t) => ({
  countries: t.field({ type: [Country], description: 'Every country, by name.', resolve: (_r, _a, ctx) => listCountries(ctx) }),
  euCountries: t.field({ type: [Country], description: 'The countries of the European Union.', resolve: (_r, _a, ctx) => listEuCountries(ctx) }),
  languages: t.field({ type: [Language], description: 'The languages releases and tracks may name.', resolve: (_r, _a, ctx) => listLanguages(ctx) }),
  genres: t.field({ type: [Genre], description: 'The genres releases and tracks may name.', resolve: (_r, _a, ctx) => listGenres(ctx) }),
  outlets: t.field({ type: [Outlet], description: 'The outlets sales and streams are reported by.', resolve: (_r, _a, ctx) => listOutlets(ctx) }),
  dsps: t.field({
    type: [Dsp],
    description: 'The stores releases can be delivered to, by name.',
    args: { showList: t.arg.boolean({ required: false, description: 'Only the stores offered in the store picker (default false: all).' }) },
    resolve: (_r, args, ctx) => listDsps(ctx, { showList: args.showList ?? false }),
  }),
  usStates: t.field({ type: [Region], description: 'US states, for addresses.', resolve: (_r, _a, ctx) => listUsStates(ctx) }),
  canadianProvinces: t.field({ type: [Region], description: 'Canadian provinces and territories, for addresses.', resolve: (_r, _a, ctx) => listCanadianProvinces(ctx) }),
}));
