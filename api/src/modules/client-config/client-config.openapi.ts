/** OpenAPI declaration of GET /api/client-configs (http/openapi.ts reads it into /api/openapi.json). */
import { documentRoutes } from '../../http/openapi.ts';

const str = { type: 'string' };
const bool = { type: 'boolean' };
const strings = { type: 'array', items: str };

documentRoutes({
  'GET /api/client-configs': {
    summary: "The browser's environment configuration (read at start-up)",
    response: {
      status: 200,
      schema: {
        type: 'object',
        required: ['envName', 'production', 'api', 'hyperWalletUrl', 'hideDSPSelection', 'firebase', 'blackDomainList', 'sentry', 'beatportGenreMapping', 'sunsetDate', 'disableWithdrawals', 'brandName', 'supportEmail', 'signupCaptcha'],
        additionalProperties: false,
        properties: {
          envName: str,
          production: bool,
          api: { type: 'object', required: ['apiRadarUrl'], properties: { apiRadarUrl: str } },
          hyperWalletUrl: str,
          hideDSPSelection: bool,
          firebase: { type: 'object', required: ['enabled'], properties: { enabled: bool } },
          blackDomainList: { ...strings, description: 'Email domains refused at sign-up.' },
          sentry: { type: 'object', required: ['dsn'], properties: { dsn: str } },
          beatportGenreMapping: strings,
          sunsetDate: { ...str, format: 'date' },
          disableWithdrawals: bool,
          brandName: str,
          supportEmail: str,
          signupCaptcha: { ...bool, description: 'Sign-up shows a captcha and sends its answer.' },
        },
      },
    },
  },
});
