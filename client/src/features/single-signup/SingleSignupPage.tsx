import type { PageHandle } from '../../lib/page-meta';

export const handle: PageHandle = {
  pageTitle: 'Sign up | {appName}',
  pageDescription: 'Create your {appName} account and release your single.',
};

/** Placeholder: the sign-up team replaces it with the single sign-up form. */
export default function SingleSignupPage() {
  return (
    <section className="page page--narrow" aria-labelledby="single-signup-title">
      <h1 id="single-signup-title">Sign up</h1>
      <p>Create your account and release your single.</p>
    </section>
  );
}
