import { isMinor } from '@cadence/domain/age';
import { utcDate } from '@cadence/domain/date-string';
import { validateParentEmail } from '@cadence/domain/email';
import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { useEnvironment } from '../../../lib/environment';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { AgreementField } from '../../../ui/AgreementField';
import { TextField } from '../../../ui/TextField';
import { useSaveProfile, type AccountProfile } from '../../../lib/account/useAccount';
import { Button } from '../../../ui/Button';

interface DistributionValues {
  distributionAgreement: boolean;
  privacyPolicyAgreement: boolean;
  parentEmail: string;
}

export interface DistributionStepProps {
  profile: AccountProfile;
  onDone: () => void;
  today?: string;
}

/**
 * Core §4 distribution step: everyone accepts the distribution agreement; a user under 18 also
 * gives a parent's email and accepts the privacy policy (parental consent).
 */
export function DistributionStep({ profile, onDone, today = utcDate(new Date()) }: DistributionStepProps) {
  const save = useSaveProfile();
  const { blackDomainList } = useEnvironment();
  const minor = isMinor(profile.birthday, today);
  return (
    <Form<DistributionValues>
      initialValues={{ distributionAgreement: profile.distributionAgreement, privacyPolicyAgreement: profile.privacyPolicyAgreement, parentEmail: profile.parentEmail ?? '' }}
      initialValuesEqual={() => true}
      onSubmit={async (values) => {
        try {
          const refused = await save({
            distributionAgreement: values.distributionAgreement,
            ...(minor ? { privacyPolicyAgreement: values.privacyPolicyAgreement, parentEmail: values.parentEmail.trim() } : {}),
          });
          if (refused.length > 0) return { [FORM_ERROR]: refused.map((e) => e.message).join(' ') };
          onDone();
          return undefined;
        } catch {
          return { [FORM_ERROR]: 'Something with server. Please try again later' };
        }
      }}
      render={({ handleSubmit, submitError, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Distribution">
          <AgreementField name="distributionAgreement" />
          {minor && (
            <>
              <p>Because you are under 18, a parent or guardian must agree too. We will write to them.</p>
              <TextField name="parentEmail" label="Parent/Guardian Email" type="email" validate={(v) => validateParentEmail(v, true, { blockedDomains: blackDomainList })?.message} />
              <AgreementField name="privacyPolicyAgreement" lead="My parent or guardian and I accept the" />
            </>
          )}
          {submitError && <ErrorMessage>{submitError as string}</ErrorMessage>}
          <Button type="submit" disabled={submitting}>
            Continue
          </Button>
        </form>
      )}
    />
  );
}
