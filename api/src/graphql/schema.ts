/** Imports every module's types, then prints the schema. Imports only. */
import { builder } from './builder.ts';
import '../modules/dictionary/dictionary.schema.ts';
import '../modules/client-config/client-config.schema.ts';
import '../modules/releases/releases.schema.ts';
import '../modules/tracks/tracks.schema.ts';
import '../modules/artists/artists.schema.ts';
import '../modules/uploads/uploads.schema.ts';
import '../modules/release-locks/release-locks.schema.ts';
import '../modules/downloads/downloads.schema.ts';
import '../modules/in-app-messages/in-app-messages.schema.ts';
import '../modules/users/users.schema.ts';
import '../modules/auth/auth.schema.ts';
import '../modules/api-tokens/api-tokens.schema.ts';
import '../modules/captcha/captcha.schema.ts';
import '../modules/invitations/invitations.schema.ts';
import '../modules/tracking/tracking.schema.ts';
import '../modules/support/support.schema.ts';
import '../modules/mail/mail.schema.ts';

export const schema = builder.toSchema({ sortSchema: true });
