/** The GraphQL schema: every module's types, registered on the builder when modules.ts loads them. */
import { builder } from '../graphql/builder.ts';
import './modules.ts';

export const schema = builder.toSchema({ sortSchema: true });
