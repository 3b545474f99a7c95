/**
 * The attack surface, read at runtime so the security and fuzz suites cover what exists rather
 * than a hand-kept list: every Query and Mutation field of the built schema, every route of the
 * express router stack, and minimal valid arguments for a field built from its input types.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';

export type Operation = 'query' | 'mutation';

export interface RootField {
  operation: Operation;
  name: string;
  field: GraphQLField<unknown, unknown>;
}

/** Every field of the Query and Mutation types (subscriptions are not served). */
export function rootFields(schema: GraphQLSchema): RootField[] {
  const out: RootField[] = [];
  for (const [operation, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) out.push({ operation, name: field.name, field });
  }
  return out;
}

export { routeTable, type Route } from '../http/route-table.ts';

/** Another user's entity ids (and tokens) that generated arguments point at. */
export interface ForeignIds {
  user: string;
  release: string;
  liveRelease: string;
  track: string;
  credit: string;
  apiToken: string;
  session: string;
  inAppMessage: string;
  invitation: string;
}

/**
 * Which of the ids an ID argument names, from where it sits: `deleteTrack.id`, `UpdateTrackInput.id`,
 * `reorderTracks.trackIds`, `actAsUser.userId`... (the innermost name that says it wins).
 */
export function idKind(context: string[]): keyof ForeignIds {
  const rules: [RegExp, keyof ForeignIds][] = [
    [/credit/i, 'credit'],
    [/track/i, 'track'],
    [/token/i, 'apiToken'],
    [/session/i, 'session'],
    [/message/i, 'inAppMessage'],
    [/invitation/i, 'invitation'],
    [/user/i, 'user'],
    [/takedown|download/i, 'liveRelease'],
    [/release/i, 'release'],
  ];
  for (let i = context.length - 1; i >= 0; i -= 1) {
    for (const [re, kind] of rules) if (re.test(context[i]!)) return kind;
  }
  return 'release';
}

const SAMPLE_DATE = '2031-01-15';

/** An optional argument or input field that names an entity (type ID): filled in, since it says what the call is about. */
const isIdArg = (a: { type: GraphQLInputType }) => getNamedType(a.type).name === 'ID';

/** A minimal valid value for an input type; ID arguments take the other user's ids. */
export function sampleValue(type: GraphQLInputType, context: string[], ids: ForeignIds): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType, context, ids);
  if (isListType(type)) return [sampleValue(type.ofType, context, ids)];
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) {
      // required fields, and the ids that say what the input is about
      if (isNonNullType(f.type) || isIdArg(f)) out[f.name] = sampleValue(f.type, [...context, type.name, f.name], ids);
    }
    return out;
  }
  const name = context[context.length - 1] ?? '';
  switch (type.name) {
    case 'ID':
      // a captcha belongs to nobody: an unknown one
      return context.some((c) => /captcha/i.test(c)) ? '01900000-0000-7000-8000-000000000000' : ids[idKind(context)];
    case 'Int':
      return 1;
    case 'Float':
      return 1.5;
    case 'Boolean':
      return false;
    case 'Date':
      return SAMPLE_DATE;
    case 'DateTime':
      return `${SAMPLE_DATE}T00:00:00.000Z`;
    case 'Upload':
      return null; // sent as a multipart file part
    default:
      if (/email/i.test(name)) return `nobody-${Math.random().toString(36).slice(2, 10)}@example.com`;
      if (/password/i.test(name)) return 'Not-the-password-1';
      if (/token|code/i.test(name)) return 'not-a-real-token';
      if (/url/i.test(name)) return 'https://example.com/';
      if (/date/i.test(name)) return SAMPLE_DATE;
      return 'x';
  }
}

/** Whether an input type (anywhere inside) is an Upload. */
export function hasUpload(type: GraphQLInputType, seen = new Set<string>()): boolean {
  const named = getNamedType(type);
  if (named.name === 'Upload') return true;
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  return Object.values(named.getFields()).some((f) => hasUpload(f.type, seen));
}

/**
 * A selection of the type's fields that need no arguments, to `depth` levels: enough for another
 * user's data to show if a resolver let it through.
 */
export function selectionFor(type: GraphQLOutputType, depth = 3): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (isUnionType(named) || depth <= 0) return '{ __typename }';
  if (!isObjectType(named) && !isInterfaceType(named)) return '{ __typename }';
  const parts = ['__typename'];
  for (const f of Object.values(named.getFields())) {
    if (f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    const sub = selectionFor(f.type, depth - 1);
    parts.push(sub ? `${f.name} ${sub}` : f.name);
  }
  return `{ ${parts.join(' ')} }`;
}

export interface ProbeOperation {
  query: string;
  variables: Record<string, unknown>;
  /** Variable paths that hold a file (multipart request). */
  files: string[];
}

/** Variable paths of the required Upload values inside a value of this type (multipart file parts). */
export function uploadPaths(type: GraphQLInputType, at: string): string[] {
  const named = getNamedType(type);
  if (named.name === 'Upload') return [at];
  if (!isInputObjectType(named)) return [];
  return Object.values(named.getFields()).flatMap((f) => (isNonNullType(f.type) ? uploadPaths(f.type, `${at}.${f.name}`) : []));
}

/** A document calling one root field with every argument as a variable, and values for them. */
export function buildOperation(root: RootField, ids: ForeignIds, values?: (arg: GraphQLArgument) => unknown): ProbeOperation {
  const { field } = root;
  const defs: string[] = [];
  const args: string[] = [];
  const variables: Record<string, unknown> = {};
  const files: string[] = [];
  for (const arg of field.args) {
    defs.push(`$${arg.name}: ${String(arg.type)}`);
    args.push(`${arg.name}: $${arg.name}`);
    files.push(...uploadPaths(arg.type, `variables.${arg.name}`));
    const value = values ? values(arg) : isNonNullType(arg.type) || isIdArg(arg) ? sampleValue(arg.type, [root.name, arg.name], ids) : undefined;
    if (value !== undefined) variables[arg.name] = value;
  }
  const header = `${root.operation} Probe_${root.name}${defs.length ? `(${defs.join(', ')})` : ''}`;
  const query = `${header} { ${root.name}${args.length ? `(${args.join(', ')})` : ''} ${selectionFor(field.type)} }`;
  return { query, variables, files };
}
