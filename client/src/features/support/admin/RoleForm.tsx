import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import type { UserRole } from '../../../gql/graphql';
import { ChangeUserRoleMutation } from './admin.graphql';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';

const ROLES: { value: UserRole; label: string }[] = [
  { value: 'USER', label: 'User' },
  { value: 'SUPPORT', label: 'Support' },
  { value: 'ADMIN', label: 'Admin' },
];

/** Issue 14 (admins): change a person's staff role; the API records it as an audit event. */
export function RoleForm({ userId, role, onDone }: { userId: string; role: UserRole; onDone: (message: string) => void }) {
  const id = useId();
  const [next, setNext] = useState<UserRole>(role);
  const [problem, setProblem] = useState<string | null>(null);
  const [change, changing] = useMutation(ChangeUserRoleMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (next === role) {
      setProblem('Choose a different role.');
      return;
    }
    try {
      await change({ variables: { input: { userId, role: next } } });
      onDone(`The role is now ${ROLES.find((r) => r.value === next)!.label}.`);
    } catch (failure) {
      setProblem(graphqlErrorInfo(failure).message);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>Role</h2>
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
      <Field id={`${id}-role`} label="Role of this person">
        {(control) => (
          <select {...control} value={next} onChange={(e) => setNext(e.target.value as UserRole)}>
            {ROLES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button type="submit" disabled={changing.loading}>
        Change role
      </Button>
    </form>
  );
}
