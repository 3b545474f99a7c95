/** GraphQL view of the client configuration. */
import { builder } from '../../graphql/builder.ts';
import { getClientConfig, type ClientConfig as ClientConfigShape } from './client-config.service.ts';

const ClientConfig = builder.objectRef<ClientConfigShape>('ClientConfig').implement({
  description: 'Deployment settings the browser app needs at start-up (GET /api/client-configs).',
  fields: (t) => ({
    envName: t.exposeString('envName', { description: 'The deployment name (e.g. dev, prod).' }),
    production: t.exposeBoolean('production', { description: 'A production deployment.' }),
    hyperWalletUrl: t.string({ nullable: true, description: "The payout provider's URL, when one is configured.", resolve: (c) => c.hyperWalletUrl || null }),
    hideDSPSelection: t.exposeBoolean('hideDSPSelection', { description: 'The release form hides the store picker.' }),
    blackDomainList: t.exposeStringList('blackDomainList', { description: 'Email domain patterns sign-up refuses (disposable mail).' }),
    beatportGenreMapping: t.exposeStringList('beatportGenreMapping', { description: 'Genre ids that need Beatport-specific handling.' }),
    sunsetDate: t.exposeString('sunsetDate', { description: 'yyyy-MM-dd: releases taken down or rejected after it can still be downloaded.' }),
    disableWithdrawals: t.exposeBoolean('disableWithdrawals', { description: 'Withdrawals are switched off for this deployment.' }),
    brandName: t.exposeString('brandName', { description: "The brand's name, for the request's brand." }),
    supportEmail: t.exposeString('supportEmail', { description: "The brand's support address." }),
    signupCaptcha: t.exposeBoolean('signupCaptcha', { description: "Sign-up needs a solved 'signup' proof-of-work challenge in captchaCode (the ALTCHA widget's payload)." }),
  }),
});

builder.queryField('clientConfig', (t) =>
  t.field({ type: ClientConfig, description: 'Deployment settings for the browser app (the same as GET /api/client-configs).', resolve: (_r, _a, ctx) => getClientConfig(ctx.config, ctx.brandId) }),
);
