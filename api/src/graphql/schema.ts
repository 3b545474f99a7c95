/** Imports every module's types, then prints the schema. Imports only. */
import { builder } from './builder.ts';
import '../modules/dictionary/dictionary.schema.ts';
import '../modules/client-config/client-config.schema.ts';

export const schema = builder.toSchema({ sortSchema: true });
