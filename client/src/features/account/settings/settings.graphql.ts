import { graphql } from '../../../gql';

export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)
  }
`);

export const ApiTokensQuery = graphql(`
  query ApiTokens {
    apiTokens {
      ...ApiTokenRow_token
    }
  }
`);

export const ApiTokenRowFragment = graphql(`
  fragment ApiTokenRow_token on ApiToken {
    id
    name
    prefix
    createdAt
    lastUsedAt
    revokedAt
    expiresAt
  }
`);

export const CreateApiTokenMutation = graphql(`
  mutation CreateApiToken($name: String!) {
    createApiToken(name: $name) {
      token
      apiToken {
        ...ApiTokenRow_token
      }
    }
  }
`);

export const RevokeApiTokenMutation = graphql(`
  mutation RevokeApiToken($id: ID!) {
    revokeApiToken(id: $id) {
      ...ApiTokenRow_token
    }
  }
`);

export const AcceptAgreementMutation = graphql(`
  mutation AcceptAgreement {
    acceptAgreement {
      id
      agreementAcceptedAt
    }
  }
`);

export const DeleteAccountMutation = graphql(`
  mutation DeleteAccount {
    deleteAccount
  }
`);

export const SessionsQuery = graphql(`
  query Sessions {
    sessions {
      id
      createdAt
      lastSeenAt
      expiresAt
      ip
      userAgent
      current
      impersonated
    }
  }
`);

export const RevokeSessionMutation = graphql(`
  mutation RevokeSession($id: ID!) {
    revokeSession(id: $id)
  }
`);
