import { gql } from '@apollo/client';
import { File as NodeFile } from 'node:buffer';
import { createApolloClient } from './apollo';
import { extractFiles } from './upload-link';

const UPLOAD = gql`
  mutation UploadLinkTestUpload($input: UploadTrackInput!) {
    uploadTrack(input: $input) {
      track {
        id
      }
    }
  }
`;

/** A stand-in XMLHttpRequest: records the request, reports upload progress, answers with `reply`. */
class FakeXhr {
  static last: FakeXhr | undefined;
  static reply: { status: number; body: unknown } = { status: 200, body: {} };
  static readonly DONE = 4;
  readyState = 0;
  status = 0;
  responseText = '';
  withCredentials = false;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: 2, total: 4, lengthComputable: true });
      this.readyState = 4;
      this.status = FakeXhr.reply.status;
      this.responseText = JSON.stringify(FakeXhr.reply.body);
      this.onload?.();
    }, 0);
  }
  abort() {}
}

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
});

const wavFile = () => new NodeFile(['RIFF'], 'song.wav', { type: 'audio/wav' }) as unknown as File;

test('extractFiles replaces each file with null and reports its path', () => {
  const file = wavFile();
  const { clone, files } = extractFiles({ releaseId: 'r1', input: { list: [file] } });
  expect(clone).toEqual({ releaseId: 'r1', input: { list: [null] } });
  expect([...files.values()]).toEqual([['variables.input.list.0']]);
});

test('an operation with a file goes as a GraphQL multipart request with the preflight header and reports progress', async () => {
  FakeXhr.reply = { status: 200, body: { data: { uploadTrack: { __typename: 'UploadTrackPayload', track: { __typename: 'Track', id: 't9' } } } } };
  const progress: unknown[] = [];
  const client = createApolloClient({ uri: 'http://localhost/graphql' });
  const result = await client.mutate({
    mutation: UPLOAD,
    variables: { input: { releaseId: 'r1', file: wavFile() } },
    context: { onUploadProgress: (p: unknown) => progress.push(p) },
  });

  expect(result.data).toEqual({ uploadTrack: { __typename: 'UploadTrackPayload', track: { __typename: 'Track', id: 't9' } } });
  const xhr = FakeXhr.last!;
  expect(xhr.method).toBe('POST');
  expect(xhr.url).toBe('http://localhost/graphql');
  expect(xhr.headers['apollo-require-preflight']).toBe('true');
  expect(JSON.parse(String(xhr.body?.get('operations')))).toMatchObject({ operationName: 'UploadLinkTestUpload', variables: { input: { releaseId: 'r1', file: null } } });
  expect(JSON.parse(String(xhr.body?.get('map')))).toEqual({ 0: ['variables.input.file'] });
  const part = xhr.body?.get('0') as File;
  expect(part.name).toBe('song.wav');
  expect(await part.text()).toBe('RIFF');
  expect(progress).toEqual([{ loaded: 2, total: 4 }]);
});

test('a GraphQL error in the multipart answer rejects the mutation with its message', async () => {
  FakeXhr.reply = { status: 400, body: { errors: [{ message: 'Only WAV or FLAC audio can be uploaded' }] } };
  const client = createApolloClient({ uri: 'http://localhost/graphql' });
  await expect(client.mutate({ mutation: UPLOAD, variables: { input: { releaseId: 'r1', file: wavFile() } } })).rejects.toThrow('Only WAV or FLAC audio can be uploaded');
});

test('an operation without files stays a plain JSON request (no multipart)', async () => {
  FakeXhr.last = undefined;
  const fetchSpy = globalThis.fetch;
  const calls: string[] = [];
  globalThis.fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    calls.push(String(init?.headers && (init.headers as Record<string, string>)['content-type']));
    return new Response(JSON.stringify({ data: { uploadTrack: null } }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  try {
    const client = createApolloClient({ uri: 'http://localhost/graphql' });
    await client.mutate({ mutation: UPLOAD, variables: { releaseId: 'r1', file: 'not-a-file' as unknown as File } });
  } finally {
    globalThis.fetch = fetchSpy;
  }
  expect(FakeXhr.last).toBeUndefined();
  expect(calls).toEqual(['application/json']);
});
