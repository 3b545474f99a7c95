import type { PageHandle } from '../../lib/page-meta';
import { ConfirmEmailChangeMutation } from './auth.graphql';
import { TokenLinkPage } from './TokenLinkPage';

export const handle: PageHandle = {
  pageTitle: 'Confirm your new email | {appName}',
  pageDescription: 'Confirm the new email address of your {appName} account.',
};

/** Opened from the email-change mail (/confirm-email-change?token=…). */
export default function ConfirmEmailChangePage() {
  return <TokenLinkPage title="Confirm your new email" mutation={ConfirmEmailChangeMutation} successText="Your new email address is now used for your account." />;
}
