/**
 * The one list of feature modules: adding a module is one line here. Order matters only for REST,
 * where routers are mounted under /api in this order.
 */
import { checkModules, type CadenceModule } from '../module.ts';

export const modules: readonly CadenceModule[] = [
  (await import('../modules/dictionary/index.ts')).default,
  (await import('../modules/client-config/index.ts')).default,
  (await import('../modules/releases/index.ts')).default,
  (await import('../modules/tracks/index.ts')).default,
  (await import('../modules/artists/index.ts')).default,
  (await import('../modules/uploads/index.ts')).default,
  (await import('../modules/release-locks/index.ts')).default,
  (await import('../modules/downloads/index.ts')).default,
  (await import('../modules/in-app-messages/index.ts')).default,
  (await import('../modules/users/index.ts')).default,
  (await import('../modules/auth/index.ts')).default,
  (await import('../modules/api-tokens/index.ts')).default,
  (await import('../modules/captcha/index.ts')).default,
  (await import('../modules/invitations/index.ts')).default,
  (await import('../modules/tracking/index.ts')).default,
  (await import('../modules/support/index.ts')).default,
  (await import('../modules/console/index.ts')).default,
  (await import('../modules/mail/index.ts')).default,
  (await import('../modules/validation/index.ts')).default,
  (await import('../modules/rate-limit/index.ts')).default,
  (await import('../modules/maintenance/index.ts')).default,
  (await import('../modules/ledger/index.ts')).default,
  (await import('../modules/earnings/index.ts')).default,
  (await import('../modules/delivery/index.ts')).default,
  (await import('../modules/sales/index.ts')).default,
  (await import('../modules/operations/index.ts')).default,
  (await import('../modules/plans/index.ts')).default,
  (await import('../modules/webhooks/index.ts')).default,
  (await import('../modules/api-docs/index.ts')).default,
  (await import('../modules/splits/index.ts')).default,
];

checkModules(modules);
