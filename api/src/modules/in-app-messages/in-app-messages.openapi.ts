/** OpenAPI declarations of the in-app message paths (supporting §7; http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes, type JsonSchema } from '../../http/openapi.ts';
import { IN_APP_MESSAGE_TYPES } from '@cadence/domain/in-app-messages';

const str = { type: 'string' };
const strOrNull = { type: ['string', 'null'] };
const bool = { type: 'boolean' };
const strings = { type: 'array', items: str };
const message: JsonSchema = {
  type: 'object',
  required: ['id', 'type', 'headline', 'bodyText', 'ctaBtn', 'disableCloseBtn', 'delay', 'pages', 'devices', 'start_date', 'force', 'isStandAlone', 'isDisplayAlways'],
  properties: {
    id: str,
    type: { enum: [...IN_APP_MESSAGE_TYPES] },
    headline: strOrNull,
    bodyText: str,
    ctaBtn: { oneOf: [{ type: 'object', required: ['text', 'url', 'isNewTab'], properties: { text: strOrNull, url: strOrNull, isNewTab: bool } }, { type: 'null' }] },
    disableCloseBtn: bool,
    delay: { type: 'integer', description: 'Seconds before it shows.' },
    pages: { ...strings, description: "Where it shows ('all', or page names)." },
    devices: { ...strings, description: 'desktop, mobile, tablet.' },
    start_date: { type: 'string', format: 'date-time' },
    force: bool,
    isStandAlone: bool,
    isDisplayAlways: bool,
  },
};

documentRoutes({
  'GET /api/in-app-messages': { summary: 'The messages to show the signed-in user', response: { status: 200, schema: { type: 'array', items: message } } },
  'GET /api/in-app-messages/unauthorized': { summary: 'The messages to show visitors', response: { status: 200, schema: { type: 'array', items: message } } },
  'POST /api/in-app-messages/events': {
    summary: 'Records that a message was shown or clicked',
    body: { type: 'object', required: ['messageId', 'type'], properties: { messageId: { type: ['string', 'integer'] }, destinationUrl: str, siteLocation: str, type: { enum: ['clicked', 'triggered'], description: 'Case does not matter.' } } },
    response: { status: 204 },
    errors: { 404: 'No such message.' },
  },
});
