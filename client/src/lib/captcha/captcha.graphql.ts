import { graphql } from '../../gql';

// The ALTCHA widget fetches its challenge itself from GET /api/captcha/challenge?type=...

export const SolveCaptchaMutation = graphql(`
  mutation SolveCaptcha($input: SolveCaptchaInput!) {
    solveCaptcha(input: $input) {
      solved
      unlocked
    }
  }
`);

export const RequestUnlockLinkMutation = graphql(`
  mutation RequestUnlockLink($input: RequestUnlockLinkInput!) {
    requestUnlockLink(input: $input) {
      requested
    }
  }
`);

export const UnlockAccountMutation = graphql(`
  mutation UnlockAccount($input: UnlockAccountInput!) {
    unlockAccount(input: $input) {
      unlocked
    }
  }
`);
