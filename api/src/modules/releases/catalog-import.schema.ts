/** GraphQL: catalogue imports (issue 23): upload a DDEX ERN or CSV with its media, follow the job. */
import { builder } from '../../graphql/builder.ts';
import { badInput } from '../../domain-error.ts';
import {
  getCatalogImport,
  ownerOf,
  importTempDir,
  listCatalogImports,
  registerCatalogImport,
  removeDir,
  saveImportUpload,
  type CatalogImportView,
} from './catalog-import.service.ts';
import type { CatalogFormat, CatalogProblem } from './catalog-parse.ts';

const CatalogImportStatusEnum = builder.enumType('CatalogImportStatus', {
  values: {
    QUEUED: { description: 'Waiting for its job.' },
    RUNNING: { description: 'Creating releases.' },
    SUCCEEDED: { description: 'Every release was created (some may wait for audio).' },
    PARTIAL: { description: 'Finished; some rows or releases were refused (see errors).' },
    FAILED: { description: 'Nothing could be read (bad XML, wrong CSV columns, unsafe zip); nothing was created.' },
  } as const,
});

/** The file's format; the column is text and the import writes only these words ('ERN' until the XML is read). */
type ImportFormat = CatalogFormat | 'ERN';
const CatalogImportFormatEnum = builder.enumType('CatalogImportFormat', {
  description: 'The format of an uploaded catalogue file.',
  values: {
    ERN: { description: 'DDEX ERN XML whose version is not read yet (the job reads it).' },
    ERN43: { description: 'DDEX ERN 4.3.' },
    ERN382: { description: 'DDEX ERN 3.8.2.' },
    CSV: { description: 'A CSV file with one row per track.' },
  } as const satisfies Record<ImportFormat, { description: string }>,
});

const CatalogProblemRef = builder.objectRef<CatalogProblem>('CatalogImportProblem').implement({
  description: 'One problem of an import, with its line in the file when known.',
  fields: (t) => ({
    line: t.exposeInt('line', { nullable: true }),
    release: t.exposeString('release', { nullable: true, description: 'The UPC of the release it concerns.' }),
    field: t.exposeString('field', { nullable: true }),
    message: t.exposeString('message'),
  }),
});

const CatalogImportRef = builder.objectRef<CatalogImportView>('CatalogImport').implement({
  description: 'An uploaded catalogue and the progress of its import job.',
  fields: (t) => ({
    id: t.exposeID('id'),
    format: t.field({ type: CatalogImportFormatEnum, description: 'ERN43, ERN382 or CSV (ERN until read).', resolve: (v) => v.format as ImportFormat }),
    fileName: t.exposeString('fileName'),
    status: t.expose('status', { type: CatalogImportStatusEnum }),
    totalReleases: t.exposeInt('totalReleases'),
    doneReleases: t.exposeInt('doneReleases'),
    errors: t.field({ type: [CatalogProblemRef], resolve: (v) => v.errors }),
    releaseIds: t.exposeIDList('releaseIds'),
    awaitingAudio: t.exposeStringList('awaitingAudio', { description: 'Audio file names tracks still wait for (send them to /api/releases/import/{id}/files).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
  }),
});

builder.queryFields((t) => ({
  catalogImport: t.field({
    type: CatalogImportRef,
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => getCatalogImport(ctx, String(a.id)),
  }),
  catalogImports: t.field({
    type: [CatalogImportRef],
    authScopes: { signedIn: true },
    description: "The viewer's latest 50 imports (staff: everyone's), newest first.",
    resolve: (_r, _a, ctx) => listCatalogImports(ctx),
  }),
}));

const ImportCatalogInput = builder.inputType('ImportCatalogInput', {
  fields: (t) => ({
    file: t.field({ type: 'Upload', required: false, description: 'Required: a DDEX ERN 4.3 or 3.8.2 NewReleaseMessage, or a CSV sheet (optional in the schema so who may import is checked first).' }),
    media: t.field({ type: ['Upload'], required: false, description: 'A zip of the audio and cover files, or the files themselves.' }),
    previousDistributor: t.string({ required: false }),
    ownerId: t.id({ required: false, description: 'Staff only: the account the catalogue belongs to.' }),
  }),
});

const ImportCatalogPayload = builder.objectRef<{ importId: string; created: boolean }>('ImportCatalogPayload').implement({
  fields: (t) => ({
    created: t.exposeBoolean('created', { description: 'False when this file was uploaded before: nothing changed.' }),
    catalogImport: t.field({ type: CatalogImportRef, resolve: (p, _a, ctx) => getCatalogImport(ctx, p.importId) }),
  }),
});

builder.mutationField('importCatalog', (t) =>
  t.field({
    type: ImportCatalogPayload,
    authScopes: { signedIn: true },
    description: 'Uploads a catalogue (multipart request with the Apollo-Require-Preflight header); a job creates its releases in IMPORTING.',
    args: { input: t.arg({ type: ImportCatalogInput, required: true }) },
    resolve: async (_p, { input }, ctx) => {
      const ownerId = ownerOf(ctx, input.ownerId ? String(input.ownerId) : null);
      if (!input.file) throw badInput('Send the catalogue file', [{ field: 'file', key: 'required', message: 'Choose a DDEX ERN or CSV file' }], 'required');
      const temp = await importTempDir(ctx.config);
      try {
        const state: { hash?: string; catalogName?: string } = {};
        const file = await input.file;
        await saveImportUpload(ctx.config, { fieldName: 'file', fileName: file.filename, stream: file.createReadStream() }, temp, state);
        for (const m of input.media ?? []) {
          const u = await m;
          await saveImportUpload(ctx.config, { fieldName: 'media', fileName: u.filename, stream: u.createReadStream() }, temp, state);
        }
        const out = await registerCatalogImport(ctx, { temp, hash: state.hash as string, fileName: state.catalogName ?? file.filename, ownerId, previousDistributor: input.previousDistributor });
        return out;
      } finally {
        await removeDir(temp);
      }
    },
  }),
);
