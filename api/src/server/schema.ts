/** The GraphQL schema: every module's types, registered on the builder when modules.ts loads them. */
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from '../graphql/builder.ts';
import './modules.ts';

export const schema = builder.toSchema({ sortSchema: true });

/** The schema in SDL, as committed in schema.graphql and served at /graphql/schema.graphql. */
export function printedSchema(): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}
