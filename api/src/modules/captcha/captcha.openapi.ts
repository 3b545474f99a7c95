/** OpenAPI declarations of the captcha paths (core §7; http/openapi.ts reads them into /api/openapi.json). */
import { documentRoutes, fromStruct } from '../../http/openapi.ts';
import { CheckBody, UnlockBody, UnlockLinkBody } from './captcha.rest.ts';

const success = { type: 'object', required: ['success'], properties: { success: { const: true } } };

documentRoutes({
  'GET /api/captcha/challenge': {
    summary: 'A new proof-of-work challenge for the ALTCHA widget (single use)',
    query: { type: { enum: ['unlock', 'signup'], default: 'unlock' } },
    response: {
      status: 200,
      description: 'An ALTCHA v2 challenge (altcha-lib): the parameters of the key derivation to solve and their signature.',
      schema: {
        type: 'object',
        required: ['parameters'],
        properties: {
          parameters: {
            type: 'object',
            required: ['algorithm', 'nonce', 'salt', 'cost', 'keyLength', 'keyPrefix'],
            properties: {
              algorithm: { type: 'string' },
              nonce: { type: 'string' },
              salt: { type: 'string' },
              cost: { type: 'integer' },
              keyLength: { type: 'integer' },
              keyPrefix: { type: 'string' },
              keySignature: { type: 'string' },
              memoryCost: { type: 'integer' },
              parallelism: { type: 'integer' },
              expiresAt: { type: 'integer', description: 'Unix seconds.' },
              data: { type: 'object', description: 'What the challenge is for ({purpose}).' },
            },
          },
          signature: { type: 'string' },
        },
      },
    },
  },
  'POST /api/captcha/check': {
    summary: "Checks the widget's solution; for a locked, signed-in user (type unlock) it lifts the sign-in lock",
    body: { ...fromStruct(CheckBody), description: 'code: the widget payload; type: unlock or signup.' },
    response: { status: 200, schema: { type: 'object', required: ['solved', 'unlocked'], properties: { solved: { const: true }, unlocked: { type: 'boolean' } } } },
  },
  'POST /api/captcha/unlock-link': { summary: 'Mails a link that lifts the sign-in lock (the same answer whether or not the account exists)', body: fromStruct(UnlockLinkBody), response: { status: 200, schema: success } },
  'POST /api/captcha/unlock': { summary: 'Lifts the sign-in lock with the mailed token', body: fromStruct(UnlockBody), response: { status: 200, schema: success }, errors: { 400: 'The link is unknown, expired or was already used.' } },
});
