import { graphql } from '../../gql';

export const SignInMutation = graphql(`
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) {
      id
      role
      onboarding {
        firstIncompleteStep
      }
    }
  }
`);

export const SignUpMutation = graphql(`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      id
    }
  }
`);

export const RequestPasswordResetMutation = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email)
  }
`);

export const ResetPasswordMutation = graphql(`
  mutation ResetPassword($token: String!, $password: String!) {
    resetPassword(token: $token, password: $password)
  }
`);

export const ConfirmEmailMutation = graphql(`
  mutation ConfirmEmail($token: String!) {
    confirmEmail(token: $token)
  }
`);

export const ConfirmEmailChangeMutation = graphql(`
  mutation ConfirmEmailChange($token: String!) {
    confirmEmailChange(token: $token)
  }
`);

