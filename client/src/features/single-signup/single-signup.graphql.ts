import { graphql } from '../../gql';

export const SingleSignUpMutation = graphql(`
  mutation SingleSignUp($input: SignUpInput!) {
    signUp(input: $input) {
      viewer {
        id
      }
    }
  }
`);
