/** GraphQL view of the client configuration. */
import { builder } from '../../graphql/builder.ts';
import { getClientConfig, type ClientConfig as ClientConfigShape } from './client-config.service.ts';

const ClientConfig = builder.objectRef<ClientConfigShape>('ClientConfig').implement({
  description: 'Deployment settings the browser app needs at start-up (GET /api/client-configs).',
  fields: (t) => ({
    envName: t.exposeString('envName'),
    production: t.exposeBoolean('production'),
    hyperWalletUrl: t.string({ nullable: true, resolve: (c) => c.hyperWalletUrl || null }),
    hideDSPSelection: t.exposeBoolean('hideDSPSelection'),
    blackDomainList: t.exposeStringList('blackDomainList'),
    beatportGenreMapping: t.exposeStringList('beatportGenreMapping'),
    sunsetDate: t.exposeString('sunsetDate'),
    disableWithdrawals: t.exposeBoolean('disableWithdrawals'),
    brandName: t.exposeString('brandName'),
    supportEmail: t.exposeString('supportEmail'),
    signupCaptcha: t.exposeBoolean('signupCaptcha', { description: "Sign-up needs a solved 'signup' proof-of-work challenge in captchaCode (the ALTCHA widget's payload)." }),
  }),
});

builder.queryField('clientConfig', (t) =>
  t.field({ type: ClientConfig, resolve: (_r, _a, ctx) => getClientConfig(ctx.config, ctx.brandId) }),
);
