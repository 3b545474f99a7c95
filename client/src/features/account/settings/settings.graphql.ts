import { graphql } from '../../../gql';

export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      changed
    }
  }
`);

export const ApiTokensQuery = graphql(`
  query ApiTokens {
    apiTokens {
      id
      revokedAt
      ...ApiTokenRow_token
    }
  }
`);

export const CreateApiTokenMutation = graphql(`
  mutation CreateApiToken($input: CreateApiTokenInput!) {
    createApiToken(input: $input) {
      token
      apiToken {
        id
        ...ApiTokenRow_token
      }
    }
  }
`);

export const RevokeApiTokenMutation = graphql(`
  mutation RevokeApiToken($input: RevokeApiTokenInput!) {
    revokeApiToken(input: $input) {
      apiToken {
        id
        ...ApiTokenRow_token
      }
    }
  }
`);

export const AcceptAgreementMutation = graphql(`
  mutation AcceptAgreement {
    acceptAgreement {
      viewer {
        id
        agreementAcceptedAt
      }
    }
  }
`);

export const DeleteAccountMutation = graphql(`
  mutation DeleteAccount {
    deleteAccount {
      deletedUserId
    }
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
  mutation RevokeSession($input: RevokeSessionInput!) {
    revokeSession(input: $input) {
      revokedSessionId
    }
  }
`);

export const WebhookEndpointsQuery = graphql(`
  query WebhookEndpoints {
    webhookEndpoints {
      id
      ...WebhookEndpointRow_endpoint
    }
  }
`);

export const CreateWebhookEndpointMutation = graphql(`
  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      webhookEndpoint {
        id
        ...WebhookEndpointRow_endpoint
      }
    }
  }
`);

export const UpdateWebhookEndpointMutation = graphql(`
  mutation UpdateWebhookEndpoint($input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(input: $input) {
      webhookEndpoint {
        id
        ...WebhookEndpointRow_endpoint
      }
    }
  }
`);

export const DeleteWebhookEndpointMutation = graphql(`
  mutation DeleteWebhookEndpoint($input: DeleteWebhookEndpointInput!) {
    deleteWebhookEndpoint(input: $input) {
      webhookEndpoint {
        id
      }
    }
  }
`);

export const RedeliverWebhookMutation = graphql(`
  mutation RedeliverWebhook($input: RedeliverWebhookInput!) {
    redeliverWebhook(input: $input) {
      webhookDelivery {
        id
        status
      }
    }
  }
`);
