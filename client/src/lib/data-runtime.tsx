/**
 * The data layer, loaded on demand through lib/data-layer.tsx: one Apollo Client for the app, the
 * wrapper that gives lazily loaded parts their ApolloProvider, and the frame's probe that asks who
 * is signed in (and, without an injected brand, which brand this is).
 */
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider, getApolloContext, skipToken, useQuery } from '@apollo/client/react';
import { useContext, useEffect, type ComponentType } from 'react';
import { createApolloClient } from './apollo';
import { getBootConfig } from './boot-config';
import { registeredAppClient, useProvidedClient, type ShellData } from './data-context';
import { useViewer } from './viewer';
import { AppBrandDocument, GuardViewerDocument, SignOutDocument, type GuardViewerQuery } from '../gql/graphql';

let shared: ApolloClient | undefined;

/** The app's Apollo Client (the one App was given, else one created on first use). */
export function sharedClient(): ApolloClient {
  return registeredAppClient() ?? (shared ??= createApolloClient());
}

/**
 * The route guards' question (app/guards.ts): always asked of the server, since guards re-run on
 * every navigation to catch a session that ended. A failure counts as signed out.
 */
export async function queryGuardViewer(): Promise<GuardViewerQuery['viewer']> {
  try {
    const { data } = await sharedClient().query({ query: GuardViewerDocument, fetchPolicy: 'network-only' });
    return data?.viewer ?? null;
  } catch {
    return null;
  }
}

/** Ends the session with the `signOut` mutation (the server clears the session cookie). */
export async function sendSignOut(): Promise<void> {
  await sharedClient().mutate({ mutation: SignOutDocument });
}

/** The client to use here: an enclosing ApolloProvider's, else one named by DataClientProvider, else the app's. */
function useClient(): ApolloClient {
  const outer = useContext(getApolloContext()).client;
  const provided = useProvidedClient();
  return outer ?? provided ?? sharedClient();
}

/** Wraps a component in an ApolloProvider (every wrapper shares one client, so one cache). */
export function withApollo<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithApollo(props: P) {
    return (
      <ApolloProvider client={useClient()}>
        <Component {...props} />
      </ApolloProvider>
    );
  }
  WithApollo.displayName = `WithApollo(${Component.displayName ?? Component.name})`;
  return WithApollo;
}

/** Asks who is signed in (and the brand, when none was injected) and hands the answer to the frame. */
function Probe({ onChange }: { onChange: (data: ShellData) => void }) {
  const viewer = useViewer();
  const { data } = useQuery(AppBrandDocument, getBootConfig().injected ? skipToken : {});
  const brand = data?.clientConfig ? { brandName: data.clientConfig.brandName, supportEmail: data.clientConfig.supportEmail } : null;
  const key = JSON.stringify([viewer, brand]);
  useEffect(() => onChange({ viewer, brand }), [key]);
  return null;
}

export const ShellDataProbe = withApollo(Probe);
