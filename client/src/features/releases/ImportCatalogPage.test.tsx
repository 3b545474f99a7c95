import { File as NodeFile } from 'node:buffer';
import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { renderRoute } from '../../../test/render-route';
import type { CatalogImportsQuery as CatalogImportsQueryData } from '../../gql/graphql';
import type { ImportJob } from './catalog-import-api';
import CatalogImportPage, { loader as catalogImportLoader } from './CatalogImportPage';
import { CatalogImportQuery, ImportCatalogMutation } from './catalog-import.graphql';
import ImportCatalogPage, { CatalogImportsQuery, loader as importCatalogLoader } from './ImportCatalogPage';

const ORIGIN = 'http://localhost';
const server = useMswServer();
// userEvent types every character; on a busy shared machine a form of codes takes seconds.
jest.setTimeout(30_000);

/** Node's File: the FormData Node's fetch sends (as in the browser) takes only its own kind of file. */
const file = (name: string, body: string, type: string) => new NodeFile([body], name, { type }) as unknown as File;

const job = (over: Partial<ImportJob> = {}): ImportJob => ({
  id: 'j1',
  fileName: 'catalogue.csv',
  format: 'CSV',
  status: 'RUNNING',
  totalReleases: 2,
  doneReleases: 0,
  errors: [],
  releaseIds: [],
  awaitingAudio: [],
  ...over,
});

let recent: CatalogImportsQueryData['catalogImports'] = [];

beforeEach(() => {
  recent = [];
  server.use(api.query(CatalogImportsQuery, () => HttpResponse.json({ data: { catalogImports: recent } })));
});

function renderAt(path: string) {
  renderRoute(<ImportCatalogPage />, {
    path: '/releases/import',
    loader: importCatalogLoader,
    at: path,
    routes: [{ path: '/releases/import/:jobId', element: <CatalogImportPage />, loader: catalogImportLoader }],
  });
}

/** A job as the API's CatalogImport type answers it. */
const asImport = ({ created: _created, ...j }: ImportJob) => ({
  __typename: 'CatalogImport' as const,
  ...j,
  errors: j.errors.map((e) => ({ __typename: 'CatalogImportProblem' as const, ...e })),
});

/** The `catalogImport` query's answer for a job. */
const asQuery = (j: ImportJob) => ({ data: { catalogImport: asImport(j) } });

/** The `importCatalog` mutation's answer for a job. */
const asImported = (j: ImportJob, created: boolean) => ({ data: { importCatalog: { __typename: 'ImportCatalogPayload' as const, created, catalogImport: asImport(j) } } });

test('without a catalogue file the field says so, takes the focus, and nothing is sent', async () => {
  let posts = 0;
  server.use(
    api.mutation(ImportCatalogMutation, () => {
      posts += 1;
      return HttpResponse.json(asImported(job(), true));
    }),
  );
  const user = userEvent.setup();
  renderAt('/releases/import');
  await user.click(await screen.findByRole('button', { name: 'Upload and import' }));
  const input = screen.getByLabelText('Catalogue file (XML or CSV)');
  expect(input).toHaveAccessibleDescription('Choose a DDEX ERN (.xml) or CSV file');
  expect(screen.getByRole('alert')).toHaveTextContent('Choose a DDEX ERN (.xml) or CSV file');
  expect(input).toHaveFocus();
  expect(posts).toBe(0);
});

test('uploads the sheet with its zip and distributor, follows the job to the end, lists errors by line, then takes the late audio', async () => {
  let sent: { file?: string; media?: string[]; previousDistributor?: string } = {};
  let reads = 0;
  let late: string[] = [];
  const finished = job({
    status: 'PARTIAL',
    doneReleases: 2,
    releaseIds: ['r1'],
    errors: [
      { line: 3, release: '859700000021', message: 'The UPC/EAN check digit is wrong' },
      { line: 5, release: '193000000016', message: 'Waiting for audio file b.wav' },
      { line: null, release: null, message: 'Nothing else to say' },
    ],
    awaitingAudio: ['b.wav'],
  });
  server.use(
    api.mutation(ImportCatalogMutation, ({ variables: { input } }) => {
      sent = {
        file: (input.file as File | null)?.name,
        media: (input.media ?? []).map((m) => (m as File).name),
        previousDistributor: input.previousDistributor ?? undefined,
      };
      return HttpResponse.json(asImported(job(), true));
    }),
    api.query(CatalogImportQuery, () => {
      reads += 1;
      return HttpResponse.json(asQuery(reads === 1 ? job({ doneReleases: 1 }) : finished));
    }),
    http.post(`${ORIGIN}/api/releases/import/j1/files`, async ({ request }) => {
      late = (await request.formData()).getAll('files').map((f) => (f as File).name);
      return HttpResponse.json({ attached: ['b.wav'], unexpected: [], import: { ...finished, awaitingAudio: [] } });
    }),
  );
  const user = userEvent.setup();
  renderAt('/releases/import');
  await user.upload(await screen.findByLabelText('Catalogue file (XML or CSV)'), file('catalogue.csv', 'upc,release_title\n', 'text/csv'));
  await user.upload(screen.getByLabelText('Audio and cover files (a zip, or the files)'), file('media.zip', 'PK', 'application/zip'));
  await user.type(screen.getByLabelText('Previous distributor'), 'TuneWave');
  await user.click(screen.getByRole('button', { name: 'Upload and import' }));

  const progress = await screen.findByRole('region', { name: 'catalogue.csv' });
  expect(sent).toEqual({ file: 'catalogue.csv', media: ['media.zip'], previousDistributor: 'TuneWave' });
  expect(within(progress).getByRole('status')).toHaveTextContent('Importing: 0 of 2 releases');
  expect(screen.getByRole('button', { name: 'Upload and import' })).toBeDisabled();
  expect(await within(progress).findByText('Importing: 1 of 2 releases', {}, { timeout: 3000 })).toBeInTheDocument();
  expect(await within(progress).findByText('Import finished with errors: 2 of 2 releases', {}, { timeout: 3000 })).toBeInTheDocument();
  expect(within(progress).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '2');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Upload and import' })).toBeEnabled());
  const errors = within(progress).getByRole('list', { name: 'Import errors' });
  expect(within(errors).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Line 3: The UPC/EAN check digit is wrong', 'Line 5: Waiting for audio file b.wav', 'Nothing else to say']);

  const audio = within(progress).getByRole('region', { name: 'Audio still to come' });
  expect(within(audio).getByText('1 track waits', { exact: false })).toBeInTheDocument();
  expect(within(within(audio).getByRole('list', { name: 'Audio files waited for' })).getByText('b.wav')).toBeInTheDocument();
  await user.upload(within(audio).getByLabelText('Audio files (WAV or FLAC)'), file('b.wav', 'RIFF', 'audio/wav'));
  await user.click(within(audio).getByRole('button', { name: 'Send the audio' }));
  expect(await within(audio).findByText('Attached: b.wav.')).toBeInTheDocument();
  expect(late).toEqual(['b.wav']);
  expect(within(audio).getByText('Every track of this import has its audio.')).toBeInTheDocument();
  expect(within(audio).queryByRole('button', { name: 'Send the audio' })).toBeNull();
});

test('the same file again says nothing changed; a refusal from the API is announced', async () => {
  let posts = 0;
  server.use(
    api.mutation(ImportCatalogMutation, () => {
      posts += 1;
      if (posts === 1) return HttpResponse.json({ data: null, errors: [{ message: 'Only staff import a catalogue into another account', extensions: { code: 'FORBIDDEN' } }] });
      return HttpResponse.json(asImported(job({ status: 'SUCCEEDED', doneReleases: 2 }), false));
    }),
  );
  const user = userEvent.setup();
  renderAt('/releases/import');
  await user.upload(await screen.findByLabelText('Catalogue file (XML or CSV)'), file('album.xml', '<x/>', 'text/xml'));
  await user.click(screen.getByRole('button', { name: 'Upload and import' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Only staff import a catalogue into another account');
  await user.click(screen.getByRole('button', { name: 'Upload and import' }));
  expect(await screen.findByText('This file was uploaded before: nothing changed.')).toBeInTheDocument();
  expect(screen.getByText('Import finished: 2 of 2 releases')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
});

test('earlier imports are listed with a link to each; an import page found again names the files nobody waits for', async () => {
  recent = [{ id: 'j1', fileName: 'catalogue.csv', status: 'SUCCEEDED' as const, totalReleases: 2, doneReleases: 2, createdAt: '2026-11-20T10:00:00.000Z' }];
  server.use(
    api.query(CatalogImportQuery, () => HttpResponse.json(asQuery(job({ status: 'SUCCEEDED', doneReleases: 2, awaitingAudio: ['a.wav', 'b.wav'] })))),
    http.post(`${ORIGIN}/api/releases/import/j1/files`, () => HttpResponse.json({ attached: ['a.wav'], unexpected: ['zzz.wav'], import: job({ status: 'SUCCEEDED', doneReleases: 2, awaitingAudio: ['b.wav'] }) })),
  );
  const user = userEvent.setup();
  renderAt('/releases/import');
  const table = await screen.findByRole('region', { name: 'Your imports (table)' });
  expect(within(table).getByRole('cell', { name: 'Import finished (2 of 2)' })).toBeInTheDocument();
  await user.click(within(table).getByRole('link', { name: 'catalogue.csv' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue import' })).toBeInTheDocument();
  const audio = await screen.findByRole('region', { name: 'Audio still to come' });
  expect(within(audio).getByText('2 tracks wait', { exact: false })).toBeInTheDocument();
  await user.click(within(audio).getByRole('button', { name: 'Send the audio' }));
  expect(within(audio).getByLabelText('Audio files (WAV or FLAC)')).toHaveAccessibleDescription('Choose the audio files the tracks wait for');
  await user.upload(within(audio).getByLabelText('Audio files (WAV or FLAC)'), [file('a.wav', 'RIFF', 'audio/wav'), file('zzz.wav', 'RIFF', 'audio/wav')]);
  await user.click(within(audio).getByRole('button', { name: 'Send the audio' }));
  expect(await within(audio).findByText('Attached: a.wav.')).toBeInTheDocument();
  expect(within(audio).getByText('No track waits for: zzz.wav.')).toBeInTheDocument();
  expect(within(audio).getByText('1 track waits', { exact: false })).toBeInTheDocument();
});

test('an import that is not yours (or gone) reads as not found', async () => {
  server.use(api.query(CatalogImportQuery, () => HttpResponse.json({ data: null, errors: [{ message: 'Import not found', extensions: { code: 'NOT_FOUND' } }] })));
  renderAt('/releases/import/nope');
  expect(await screen.findByRole('alert')).toHaveTextContent('Import not found');
});
