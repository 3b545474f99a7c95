import { graphql } from '../../gql';

// The ALTCHA widget fetches its challenge itself from GET /api/captcha/challenge?type=...

export const SolveCaptchaMutation = graphql(`
  mutation SolveCaptcha($code: String!, $type: String) {
    solveCaptcha(code: $code, type: $type) {
      solved
      unlocked
    }
  }
`);

export const RequestUnlockLinkMutation = graphql(`
  mutation RequestUnlockLink($username: String) {
    requestUnlockLink(username: $username)
  }
`);

export const UnlockAccountMutation = graphql(`
  mutation UnlockAccount($token: String!) {
    unlockAccount(token: $token)
  }
`);
