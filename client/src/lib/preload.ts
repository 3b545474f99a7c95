/**
 * Route loaders preload their page's query (issue 17): the request starts with the navigation,
 * in parallel with the page's chunk, and the page reads it with `useReadQuery`. Loaders run
 * outside React, so the preloader belongs to the client App registered (lib/data-context.tsx).
 */
import type { ApolloClient } from '@apollo/client';
import { createQueryPreloader, type PreloadQueryFunction } from '@apollo/client/react';
import { useLoaderData } from 'react-router-dom';
import { sharedClient } from './data-runtime';

const preloaders = new WeakMap<ApolloClient, PreloadQueryFunction>();

/** The preloader of the app's client (one per client, so tests with their own client get theirs). */
export function appPreloader(): PreloadQueryFunction {
  const client = sharedClient();
  let preloader = preloaders.get(client);
  if (!preloader) {
    preloader = createQueryPreloader(client);
    preloaders.set(client, preloader);
  }
  return preloader;
}

/** What the route's loader returned (its query refs), typed from the loader itself. */
export function usePreloaded<Loader extends (...args: never[]) => unknown>(): Awaited<ReturnType<Loader>> {
  return useLoaderData() as Awaited<ReturnType<Loader>>;
}
