import type { PageHandle } from '../../lib/page-meta';
import { ConfirmEmailMutation } from './auth.graphql';
import { TokenLinkPage } from './TokenLinkPage';

export const handle: PageHandle = {
  pageTitle: 'Verify your email | {appName}',
  pageDescription: 'Confirm the email address of your {appName} account.',
};

/** Opened from the verification mail (/verify-email?token=…). */
export default function VerifyEmailPage() {
  return <TokenLinkPage title="Verify your email" mutation={ConfirmEmailMutation} successText="Thank you, your email address is verified." />;
}
