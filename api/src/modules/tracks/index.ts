/** Tracks of a release: metadata, order, audio. */
import type { CadenceModule } from '../../module.ts';
import './tracks.schema.ts';
import { tracksRouter } from './tracks.rest.ts';
import './tracks.openapi.ts';

export default { name: 'tracks', router: tracksRouter } satisfies CadenceModule;
