/** Mail: the outbox and the job that delivers queued mail through SMTP. */
import type { CadenceModule } from '../../module.ts';
import { mailJobHandlers } from '../../integrations/mail/mailer.ts';
import './mail.schema.ts';
import { mailRouter } from './mail.rest.ts';
import './mail.openapi.ts';

export default { name: 'mail', router: mailRouter, jobs: mailJobHandlers } satisfies CadenceModule;
