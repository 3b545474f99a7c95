import { useMutation, useReadQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { formatShare } from '@cadence/domain/splits';
import { graphql } from '../../gql';
import { graphqlErrorInfo } from '../../lib/graphql-errors';
import type { PageHandle } from '../../lib/page-meta';
import { appPreloader, usePreloaded } from '../../lib/preload';
import { Button, ButtonRow } from '../../ui/Button';
import { ErrorMessage } from '../../ui/ErrorMessage';

export const handle: PageHandle = {
  pageTitle: 'Split invitation | {appName}',
  pageDescription: 'Accept or decline a share of a release’s earnings on {appName}.',
};

const InvitationQuery = graphql(`
  query SplitInvitationPage($token: String!) {
    splitInvitation(token: $token) {
      id
      releaseTitle
      email
      status
      shares {
        trackTitle
        basisPoints
      }
    }
  }
`);

const Accept = graphql(`
  mutation AcceptSplit($input: RespondToSplitInput!) {
    acceptSplit(input: $input) {
      invitation {
        id
        status
      }
    }
  }
`);

const Decline = graphql(`
  mutation DeclineSplit($input: RespondToSplitInput!) {
    declineSplit(input: $input) {
      invitation {
        id
        status
      }
    }
  }
`);

/** Preloads the invitation the mailed link names with the navigation; a link without its token asks nothing. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return { invitation: null };
  const preloadQuery = appPreloader();
  return { invitation: await preloadQuery.toPromise(preloadQuery(InvitationQuery, { variables: { token }, errorPolicy: 'all' })) };
}

/**
 * /split-invitation?token=…: the mailed link. Shows the release and the share and lets the invitee
 * accept or decline once, signed in or not; the page reads the same whether the email has an account.
 */
export default function SplitInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { invitation } = usePreloaded<typeof loader>();
  return (
    <section className="page" aria-labelledby="split-invitation-title">
      <h1 id="split-invitation-title">Split invitation</h1>
      {!token && <ErrorMessage>This invitation link is incomplete.</ErrorMessage>}
      {token && invitation && <Invitation token={token} queryRef={invitation} />}
    </section>
  );
}

/** The invitation the link names, and the answer to it. */
function Invitation({ token, queryRef }: { token: string; queryRef: NonNullable<Awaited<ReturnType<typeof loader>>['invitation']> }) {
  const { data, error } = useReadQuery(queryRef);
  const [accept, accepting] = useMutation(Accept);
  const [decline, declining] = useMutation(Decline);
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const invitation = data?.splitInvitation;

  async function respond(kind: 'accept' | 'decline') {
    setFailure(null);
    try {
      const input = { token };
      if (kind === 'accept') await accept({ variables: { input } });
      else await decline({ variables: { input } });
      setAnswer(kind === 'accept' ? 'You accepted the split. Sign up or sign in with this email and verify it to receive what it earns.' : 'You declined the split. From today your share returns to the owner.');
    } catch (err) {
      setFailure(graphqlErrorInfo(err).message);
    }
  }

  return (
    <>
      {error && <ErrorMessage>{graphqlErrorInfo(error).message}</ErrorMessage>}
      {invitation && (
        <>
          <p>
            You were offered a share of the earnings of <strong>{invitation.releaseTitle}</strong> for {invitation.email}:
          </p>
          <ul>
            {invitation.shares.map((s) => (
              <li key={s.trackTitle ?? ''}>
                {formatShare(s.basisPoints)} of {s.trackTitle ? `the track ${s.trackTitle}` : 'the whole release'}
              </li>
            ))}
          </ul>
          {answer ? (
            <p role="status">{answer}</p>
          ) : (
            <ButtonRow>
              <Button onClick={() => void respond('accept')} disabled={accepting.loading || declining.loading}>
                Accept split
              </Button>
              <Button variant="secondary" onClick={() => void respond('decline')} disabled={accepting.loading || declining.loading}>
                Decline split
              </Button>
            </ButtonRow>
          )}
          {failure && <ErrorMessage>{failure}</ErrorMessage>}
        </>
      )}
    </>
  );
}
