/**
 * The contexts the data layer and the frame share (lib/data-layer.tsx loads the data layer; the
 * frame and lib/data-runtime.tsx meet here). No Apollo code: types only.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import type { ViewerState } from './viewer';

const ClientContext = createContext<ApolloClient | undefined>(undefined);

/** Tests (and any caller with its own client) name the Apollo client the lazily loaded parts use. */
export function DataClientProvider({ client, children }: { client?: ApolloClient; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

let appClient: ApolloClient | undefined;

/**
 * The client route loaders use (guards, preloaded queries): loaders run outside React, so App
 * names its client here as well as in context. Undefined means the app's own (lib/data-runtime.tsx).
 */
export function registerAppClient(client: ApolloClient | undefined): void {
  appClient = client;
}

/** The client App registered, if any. */
export function registeredAppClient(): ApolloClient | undefined {
  return appClient;
}

/** The client named by DataClientProvider, if any. */
export function useProvidedClient(): ApolloClient | undefined {
  return useContext(ClientContext);
}

/** What the frame knows about the person, filled in once the data layer has asked (lib/data-runtime.tsx). */
export interface ShellData {
  viewer: ViewerState;
  /** The brand from the clientConfig query, when the server did not inject one (the Vite dev server). */
  brand: { brandName: string; supportEmail: string } | null;
}

export const INITIAL_SHELL_DATA: ShellData = { viewer: { status: 'loading', viewer: null }, brand: null };

const ShellDataContext = createContext<ShellData>(INITIAL_SHELL_DATA);

export const ShellDataProvider = ShellDataContext.Provider;

/** The frame's view of the person: loading until the data layer has answered. */
export function useShellViewer(): ViewerState {
  return useContext(ShellDataContext).viewer;
}

/** The brand the data layer fetched (null when the server injected it, or before it answers). */
export function useFetchedBrand(): ShellData['brand'] {
  return useContext(ShellDataContext).brand;
}
