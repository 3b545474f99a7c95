import { CheckboxField, mustAccept } from './TextField';

/** The agreements a person accepts, with the page each one links to and the message when it is left unticked. */
const AGREEMENTS = {
  distributionAgreement: { href: '/distribution-terms', title: 'distribution agreement', message: 'Please accept the distribution agreement' },
  privacyPolicyAgreement: { href: '/privacy-policy', title: 'privacy policy', message: 'Please accept the privacy policy' },
} as const;

/** A required "I accept the …" checkbox whose document opens in a new tab (sign-up and on-boarding). */
export function AgreementField({ name, lead = 'I accept the' }: { name: keyof typeof AGREEMENTS; lead?: string }) {
  const agreement = AGREEMENTS[name];
  return (
    <CheckboxField
      name={name}
      validate={mustAccept(agreement.message)}
      label={
        <>
          {lead}{' '}
          <a href={agreement.href} target="_blank" rel="noreferrer">
            {agreement.title}
          </a>
        </>
      }
    />
  );
}
