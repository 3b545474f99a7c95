/**
 * The Sentry SDK, in its own chunk: loaded only when the configuration names a DSN. User context
 * (id, full name, email) as the specification asks; the 0.2 trace sample rate; no cookies, bodies,
 * passwords, tokens or card fields in events or breadcrumbs.
 */
import * as Sentry from '@sentry/react';
import { ERROR_TRACE_SAMPLE_RATE } from '@cadence/domain/constants';
import { scrubSecrets } from '@cadence/domain/error-reports';
import { graphql } from '../../gql';
import { sharedClient } from '../data-runtime';

const ErrorReportViewerQuery = graphql(`
  query ErrorReportViewer {
    viewer {
      id
      email
      firstName
      lastName
    }
  }
`);

async function userContext(viewerId: string | null): Promise<Sentry.User | null> {
  if (!viewerId) return null;
  const { data } = await sharedClient().query({ query: ErrorReportViewerQuery, fetchPolicy: 'network-only' });
  const v = data?.viewer;
  if (!v) return null;
  return { id: v.id, email: v.email, username: [v.firstName, v.lastName].filter(Boolean).join(' ') || undefined };
}

/** Starts the SDK; its own global handlers catch later errors, so `capture` is for those that waited. */
export function startSentry(dsn: string, environment: string) {
  Sentry.init({
    dsn,
    environment,
    tracesSampleRate: ERROR_TRACE_SAMPLE_RATE,
    dataCollection: { cookies: false, httpBodies: [], graphQL: { variables: false } },
    beforeSend: (event) => scrubSecrets(event),
    beforeBreadcrumb: (crumb) => scrubSecrets(crumb),
  });
  return {
    capture(error: unknown) {
      Sentry.captureException(error);
    },
    setViewer(viewerId: string | null) {
      if (!viewerId) {
        Sentry.setUser(null);
        return;
      }
      void userContext(viewerId).then((user) => Sentry.setUser(user), () => Sentry.setUser({ id: viewerId }));
    },
  };
}
