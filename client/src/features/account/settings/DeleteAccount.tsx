import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { clearLocalAccountData, reloadAt } from '../../../lib/session';
import { DeleteAccountMutation } from './settings.graphql';
import { Button, ButtonRow } from '../../../ui/Button';

export interface DeleteAccountProps {
  disabled?: boolean;
  navigate?: (to: string) => void;
}

/** Core §4: deletion is allowed only while every release is a draft; confirmed, it signs the person out. */
export function DeleteAccount({ disabled = false, navigate = reloadAt }: DeleteAccountProps) {
  const [confirming, setConfirming] = useState(false);
  const [remove, { loading }] = useMutation(DeleteAccountMutation);
  const [failure, setFailure] = useState<string | null>(null);
  const onConfirm = async () => {
    setFailure(null);
    try {
      await remove();
      clearLocalAccountData();
      navigate('/');
    } catch (error) {
      setConfirming(false);
      setFailure(graphqlErrorInfo(error).message);
    }
  };
  return (
    <div className="delete-account">
      <p>
        You can delete your account while all your releases are drafts (not yet submitted). Deleting ends every session and erases your personal data; sales
        records we must keep for accounting stay, without your personal data.
      </p>
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      <Button variant="danger" disabled={disabled} onClick={() => setConfirming(true)}>
        Delete my account
      </Button>
      {confirming && (
        <Dialog title="Delete your account?" onClose={() => setConfirming(false)}>
          <p>This cannot be undone.</p>
          <ButtonRow>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep my account
            </Button>
            <Button variant="danger" disabled={loading} onClick={() => void onConfirm()}>
              Yes, delete it
            </Button>
          </ButtonRow>
        </Dialog>
      )}
    </div>
  );
}
