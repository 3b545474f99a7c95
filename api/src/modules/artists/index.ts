/** The account's artists and the credits that name them. */
import type { CadenceModule } from '../../module.ts';
import './artists.schema.ts';
import { artistsRouter } from './artists.rest.ts';
import './artists.openapi.ts';

export default { name: 'artists', router: artistsRouter } satisfies CadenceModule;
