/**
 * Issue 22: the public pages ship without the data layer (Apollo Client, the GraphQL documents, the
 * cache policies). Everything that needs it is loaded through here: a page or a part of the frame
 * is imported together with lib/data-runtime.tsx and comes back wrapped in its ApolloProvider.
 * This module itself imports no Apollo code (types only), so the start page's bundle stays small.
 */
import type { ComponentType } from 'react';
import type * as DataRuntimeModule from './data-runtime';

export { DataClientProvider, INITIAL_SHELL_DATA, registerAppClient, ShellDataProvider, useFetchedBrand, useProvidedClient, useShellViewer, type ShellData } from './data-context';

type DataRuntime = typeof DataRuntimeModule;

let runtime: Promise<DataRuntime> | undefined;

/** Loads the data layer once (later calls share the same promise). */
export function loadDataRuntime(): Promise<DataRuntime> {
  return (runtime ??= import('./data-runtime'));
}

/** For React.lazy and route `lazy`: the component, once it and the data layer are loaded, inside an ApolloProvider. */
export async function withData<P extends object>(load: Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const [Component, data] = await Promise.all([load, loadDataRuntime()]);
  return data.withApollo(Component);
}

/** Signs out through the data layer's `signOut` mutation, then loads the start page afresh (core §2: after logout the user goes to the root route). */
export async function signOut(leave: (url: string) => void): Promise<void> {
  try {
    const { sendSignOut } = await loadDataRuntime();
    await sendSignOut();
  } catch {
    // Signed out already, or the server is unreachable: either way the app starts afresh.
  } finally {
    leave('/');
  }
}
