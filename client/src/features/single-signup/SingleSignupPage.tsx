import { useId, useState, type FormEvent } from 'react';
import { useApolloClient, useMutation, useReadQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-meta';
import { appPreloader, usePreloaded } from '../../lib/preload';
import { Button } from '../../ui/Button';
import { Checkbox, Field } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { graphqlErrorInfo } from '../../lib/graphql-errors';
import { PlanCheckout } from '../../lib/payments/PlanCheckout';
import { PlansPageQuery } from '../../lib/payments/payments.graphql';
import { SingleSignUpMutation } from './single-signup.graphql';
import '../../lib/payments/payments.css';

export const handle: PageHandle = {
  pageTitle: 'Sign up | {appName}',
  pageDescription: 'Create your {appName} account and release your single.',
};

/** Preloads the plans, and whether someone is signed in, with the navigation. */
export async function loader() {
  const preloadQuery = appPreloader();
  return { plans: await preloadQuery.toPromise(preloadQuery(PlansPageQuery, { errorPolicy: 'all' })) };
}

/** /single-signup: the account and the first plan purchase in one flow (step 1 sign-up, step 2 pay). */
export default function SingleSignupPage() {
  const id = useId();
  const { data } = useReadQuery(usePreloaded<typeof loader>().plans);
  const client = useApolloClient();
  // Asks the server again (now with the new session); the preloaded query follows the cache, so the page moves to step 2 without suspending.
  const refetch = () => client.query({ query: PlansPageQuery, fetchPolicy: 'network-only' });
  const [signUp, { loading }] = useMutation(SingleSignUpMutation);
  const [form, setForm] = useState({ email: '', password: '', agree: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const plan = data?.plans.find((p) => p.purchasable);
  const signedIn = Boolean(data?.viewer);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!form.email.trim()) found.email = 'Email is required';
    if (!form.password) found.password = 'Password is required';
    if (!form.agree) found.agree = 'Please accept the distribution agreement';
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length) return;
    try {
      await signUp({ variables: { input: { email: form.email.trim(), password: form.password, distributionAgreement: true, privacyPolicyAgreement: true } } });
      await refetch();
    } catch (err) {
      const info = graphqlErrorInfo(err);
      setErrors(Object.fromEntries(info.fieldErrors.map((e) => [e.field, e.message])));
      setMessage(info.message);
    }
  }

  return (
    <section className="page page--narrow" aria-labelledby="single-signup-title">
      <h1 id="single-signup-title">Sign up</h1>
      <p>Create your account and release your single.</p>
      {!data ? (
        <Spinner label="Loading" />
      ) : !signedIn ? (
        <form className="card-form" aria-labelledby={`${id}-step1`} onSubmit={(e) => void submit(e)} noValidate>
          <h2 id={`${id}-step1`}>Step 1 of 2: your account</h2>
          <Field id={`${id}-email`} label="Email" error={errors.email}>
            {(p) => <input {...p} type="email" autoComplete="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />}
          </Field>
          <Field id={`${id}-password`} label="Password" error={errors.password}>
            {(p) => <input {...p} type="password" autoComplete="new-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />}
          </Field>
          <Checkbox id={`${id}-agree`} label={<>I accept the <Link to="/distribution-terms">distribution agreement</Link> and the privacy policy</>} checked={form.agree} onChange={(agree) => setForm({ ...form, agree })} error={errors.agree} />
          {message && (
            <p className="field__error" role="alert">
              {message}
            </p>
          )}
          <Button type="submit" disabled={loading}>
            Create account
          </Button>
        </form>
      ) : plan ? (
        <section aria-labelledby={`${id}-step2`}>
          <h2 id={`${id}-step2`}>Step 2 of 2: your plan</h2>
          <PlanCheckout plan={plan} readOnly={data.viewer?.impersonatedBy != null} />
        </section>
      ) : null}
    </section>
  );
}
