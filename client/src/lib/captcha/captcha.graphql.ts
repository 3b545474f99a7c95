import { graphql } from '../../gql';

export const CreateCaptchaChallengeMutation = graphql(`
  mutation CreateCaptchaChallenge($type: String) {
    createCaptchaChallenge(type: $type) {
      id
      svg
      expiresAt
    }
  }
`);

export const SolveCaptchaMutation = graphql(`
  mutation SolveCaptcha($id: ID!, $code: String!, $type: String, $username: String) {
    solveCaptcha(id: $id, code: $code, type: $type, username: $username) {
      solved
      unlocked
    }
  }
`);

export const CreateCaptchaQuestionMutation = graphql(`
  mutation CreateCaptchaQuestion($type: String) {
    createCaptchaQuestion(type: $type) {
      id
      question
      expiresAt
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
