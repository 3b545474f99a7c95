import { useMutation } from '@apollo/client/react';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { graphqlErrorInfo } from '../../lib/graphql-errors';

export interface TokenLinkPageProps {
  title: string;
  mutation: TypedDocumentNode<unknown, { input: { token: string } }>;
  successText: string;
}

/** A page a mailed link opens: it sends the link's token once and says how it went. */
export function TokenLinkPage({ title, mutation, successText }: TokenLinkPageProps) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [send] = useMutation(mutation);
  const [state, setState] = useState<{ kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string }>({ kind: 'working' });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setState({ kind: 'failed', message: 'This link is not complete. Please open the link from the email again.' });
      return;
    }
    send({ variables: { input: { token } } }).then(
      () => setState({ kind: 'done' }),
      (error: unknown) => setState({ kind: 'failed', message: graphqlErrorInfo(error).message }),
    );
  }, [send, token]);
  return (
    <section className="page page--narrow" aria-labelledby="token-link-title">
      <h1 id="token-link-title">{title}</h1>
      {state.kind === 'working' && <Spinner label="Checking the link" />}
      {state.kind === 'done' && (
        <p role="status">
          {successText} <Link to="/releases">Continue</Link>
        </p>
      )}
      {state.kind === 'failed' && <ErrorMessage>{state.message}</ErrorMessage>}
    </section>
  );
}
