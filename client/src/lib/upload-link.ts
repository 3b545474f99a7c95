import { ApolloLink } from '@apollo/client';
import { print } from 'graphql';
import { Observable } from 'rxjs';

/** Upload progress of one operation, in bytes. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Context an operation may carry: a callback told how much of its files has been sent. */
export interface UploadContext {
  onUploadProgress?: (progress: UploadProgress) => void;
}

type Path = string;

/** A File or Blob (checked against both: test environments may mix two implementations). */
function isFileLike(value: unknown): value is Blob {
  return (typeof File !== 'undefined' && value instanceof File) || (typeof Blob !== 'undefined' && value instanceof Blob);
}

/** The Blob values (File included) inside variables, with their dotted paths, and the variables with each file set to null. */
export function extractFiles(value: unknown, path: Path = 'variables'): { clone: unknown; files: Map<Blob, Path[]> } {
  const files = new Map<Blob, Path[]>();
  const walk = (node: unknown, at: Path): unknown => {
    if (isFileLike(node)) {
      files.set(node, [...(files.get(node) ?? []), at]);
      return null;
    }
    if (Array.isArray(node)) return node.map((item, i) => walk(item, `${at}.${i}`));
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item, `${at}.${key}`)]));
    }
    return node;
  };
  return { clone: walk(value, path), files };
}

/** Whether an operation's variables hold a file (and so must go as a multipart request). */
export function hasFiles(operation: ApolloLink.Operation): boolean {
  return extractFiles(operation.variables).files.size > 0;
}

/**
 * Sends operations with files as GraphQL multipart requests (the graphql-multipart-request spec)
 * through XMLHttpRequest, because fetch cannot report upload progress. The
 * `Apollo-Require-Preflight` header tells Apollo Server's CSRF prevention that this is not a
 * simple cross-site form post.
 */
export function createUploadLink({ uri, credentials = 'same-origin' }: { uri: string; credentials?: RequestCredentials }): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        const { clone, files } = extractFiles(operation.variables);
        const form = new FormData();
        form.append(
          'operations',
          JSON.stringify({ operationName: operation.operationName, query: print(operation.query), variables: clone }),
        );
        const map: Record<string, Path[]> = {};
        const entries = [...files.entries()];
        entries.forEach(([, paths], i) => {
          map[String(i)] = paths;
        });
        form.append('map', JSON.stringify(map));
        entries.forEach(([file], i) => form.append(String(i), file, 'name' in file && typeof file.name === 'string' ? file.name : `file-${i}`));

        const { onUploadProgress } = operation.getContext() as UploadContext;
        const xhr = new XMLHttpRequest();
        xhr.open('POST', uri);
        xhr.withCredentials = credentials !== 'omit';
        xhr.setRequestHeader('Apollo-Require-Preflight', 'true');
        xhr.setRequestHeader('Accept', 'application/graphql-response+json, application/json');
        if (onUploadProgress) {
          xhr.upload.onprogress = (event) => onUploadProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
        }
        xhr.onload = () => {
          try {
            const body = JSON.parse(xhr.responseText) as ApolloLink.Result;
            observer.next(body);
            observer.complete();
          } catch {
            observer.error(new Error(`The upload failed (HTTP ${xhr.status})`));
          }
        };
        xhr.onerror = () => observer.error(new Error('The upload failed: network error'));
        xhr.onabort = () => observer.error(new Error('The upload was cancelled'));
        xhr.send(form);
        return () => {
          if (xhr.readyState !== XMLHttpRequest.DONE) xhr.abort();
        };
      }),
  );
}
