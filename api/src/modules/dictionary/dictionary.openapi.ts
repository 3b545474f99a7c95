/** OpenAPI declarations of the dictionary paths (supporting §7; http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes, type JsonSchema } from '../../http/openapi.ts';

const str = { type: 'string' };
const list = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'array', items: { type: 'object', required: Object.keys(properties), properties, additionalProperties: false } });

documentRoutes({
  'GET /api/dictionary/countries': { summary: 'Countries, by name', response: { status: 200, schema: list({ id: { type: 'integer' }, countryCode: { ...str, description: 'ISO 3166-1 alpha-2.' }, countryName: str, isEu: { type: 'boolean' } }) } },
  'GET /api/dictionary/languages': { summary: 'Languages, by name', response: { status: 200, schema: list({ id: str, languageName: str }) } },
  'GET /api/dictionary/genres': { summary: 'Genres, by name (ids are store codes such as 2699 or 2698_3051)', response: { status: 200, schema: list({ id: str, name: str }) } },
  'GET /api/dictionary/outlets': { summary: 'Analytics reporting outlets, by id', response: { status: 200, schema: list({ id: { type: 'integer' }, name: str }) } },
  'GET /api/dictionary/dsps': {
    summary: 'Delivery stores, by name',
    query: { isShowList: { type: 'boolean', description: 'Only the stores shown in the store picker.' } },
    response: { status: 200, schema: list({ id: str, name: str, uri: str, showInList: { type: 'boolean' } }) },
  },
});
