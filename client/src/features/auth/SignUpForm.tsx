import { textLimit } from '@cadence/domain/text-limit-checks';
import { useMutation } from '@apollo/client/react';
import { ageGroup, ageOn } from '@cadence/domain/age';
import { COOKIES } from '@cadence/domain/constants';
import { utcDate } from '@cadence/domain/date-string';
import { toIsoDate } from '@cadence/domain/date-string';
import { validateEmail, validateParentEmail } from '@cadence/domain/email';
import { birthdayPlaceholder, validateBirthday, validateFirstName, validateLastName } from '@cadence/domain/profile';
import { password as passwordRule, toFieldValidator } from '@cadence/domain/validators';
import { FORM_ERROR, type FormApi } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useEnvironment } from '../../lib/environment';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { fieldErrorsByName, graphqlErrorInfo } from '../../lib/graphql-errors';
import { AgreementField } from '../../ui/AgreementField';
import { TextField } from '../../ui/TextField';
import { SignUpMutation } from './auth.graphql';
import { CaptchaField } from '../../lib/captcha/CaptchaField';
import { readCookie } from '../../lib/session';
import { Button } from '../../ui/Button';

export interface SignUpValues {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  birthday: string;
  parentEmail?: string;
  privacyPolicyAgreement?: boolean;
  distributionAgreement?: boolean;
  /** The solved sign-up challenge (only when the server asks for one). */
  captchaCode?: string;
}

export type SignUpOutcome = { kind: 'signed-up' } | { kind: 'age-restricted' };

export interface SignUpFormProps {
  onOutcome: (outcome: SignUpOutcome) => void;
  /** Today's date (UTC, yyyy-MM-dd); tests pin it. */
  today?: string;
}

const PASSWORD_HINT = 'At least 8 characters, with a lowercase letter, an uppercase letter and a digit.';

/** The age group the typed birthday gives, or null while it is not a date yet. */
export function signUpAgeGroup(birthday: string | undefined, today: string) {
  const iso = toIsoDate(birthday);
  const age = iso ? ageOn(iso, today) : null;
  return age === null ? null : ageGroup(age);
}

/**
 * Core §1, §4, §7 sign-up: email, password (the domain rule), names and birthday; adults accept the
 * distribution agreement, minors give a parent's email and accept the privacy policy, under 13 is
 * refused by the server (which sets age_restricted) and ends on /disabled. When the server's
 * sign-up captcha is on (client config signupCaptcha), the form shows the proof-of-work check and
 * sends the solved challenge.
 */
export function SignUpForm({ onOutcome, today = utcDate(new Date()) }: SignUpFormProps) {
  const [signUp] = useMutation(SignUpMutation);
  const { blackDomainList, signupCaptcha } = useEnvironment();
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const emailRule = (value: unknown) => validateEmail(value, { blockedDomains: blackDomainList })?.message;

  const onSubmit = async (values: SignUpValues, form: FormApi<SignUpValues>) => {
    const group = signUpAgeGroup(values.birthday, today);
    try {
      await signUp({
        variables: {
          input: {
            email: values.email.trim(),
            password: values.password,
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            birthday: toIsoDate(values.birthday) ?? values.birthday,
            distributionAgreement: group === 'adult' ? values.distributionAgreement === true : undefined,
            parentEmail: group === 'minor' ? values.parentEmail?.trim() : undefined,
            privacyPolicyAgreement: group === 'minor' ? values.privacyPolicyAgreement === true : undefined,
            campaignId: readCookie(COOKIES.marketingCampaign) ?? undefined,
            templateId: readCookie(COOKIES.marketingTemplate) ?? undefined,
            ...(signupCaptcha ? { captchaCode: values.captchaCode?.trim() ?? '' } : {}),
          },
        },
      });
      onOutcome({ kind: 'signed-up' });
      return undefined;
    } catch (error) {
      const info = graphqlErrorInfo(error);
      if (info.status === 'age_restricted' || info.key === 'age-restricted') {
        onOutcome({ kind: 'age-restricted' });
        return undefined;
      }
      if (signupCaptcha) {
        // A solution is taken once and a refused one may be spent: the check starts over.
        setCaptchaGeneration((g) => g + 1);
        setTimeout(() => form.resetFieldState('captchaCode'));
        if (info.key?.startsWith('captcha-')) return { [FORM_ERROR]: info.message };
      }
      const byField = fieldErrorsByName(info);
      return Object.keys(byField).length > 0 ? byField : { [FORM_ERROR]: info.message };
    }
  };

  return (
    <Form<SignUpValues>
      onSubmit={onSubmit}
      render={({ handleSubmit, submitError, submitting, values }) => {
        const group = signUpAgeGroup(values.birthday, today);
        return (
          <form onSubmit={handleSubmit} noValidate aria-label="Create your account">
            <TextField name="email" label="Email" type="email" autoComplete="email" validate={emailRule} />
            <TextField name="password" label="Password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} validate={toFieldValidator(passwordRule, textLimit('password'))} />
            <TextField name="firstName" label="First Name" autoComplete="given-name" validate={toFieldValidator(validateFirstName)} />
            <TextField name="lastName" label="Last Name" autoComplete="family-name" validate={toFieldValidator(validateLastName)} />
            <TextField name="birthday" label="Birth Date" placeholder={birthdayPlaceholder(false)} autoComplete="bday" inputMode="numeric" validate={toFieldValidator(validateBirthday)} />
            {group === 'adult' && (
              <AgreementField name="distributionAgreement" />
            )}
            {group === 'minor' && (
              <>
                <p>You are under 18: we need the email address of a parent or guardian.</p>
                <TextField name="parentEmail" label="Parent/Guardian Email" type="email" validate={(v) => validateParentEmail(v, true, { blockedDomains: blackDomainList })?.message} />
                <AgreementField name="privacyPolicyAgreement" />
              </>
            )}
            {signupCaptcha && <CaptchaField name="captchaCode" type="signup" generation={captchaGeneration} errorsAfterSubmit />}
            {submitError && <ErrorMessage>{submitError as string}</ErrorMessage>}
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Creating your account…' : 'Create account'}
            </Button>
          </form>
        );
      }}
    />
  );
}
