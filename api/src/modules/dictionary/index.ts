/** Dictionaries: countries, languages, genres, stores and the other lists forms choose from. */
import type { CadenceModule } from '../../module.ts';
import './dictionary.schema.ts';
import { dictionaryRouter } from './dictionary.rest.ts';
import './dictionary.openapi.ts';

export default { name: 'dictionary', router: dictionaryRouter } satisfies CadenceModule;
