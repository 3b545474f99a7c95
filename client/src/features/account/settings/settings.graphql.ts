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
      ...ApiTokenRow_token @unmask
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
    lastUsedIp
    revokedAt
    expiresAt
    scopes
  }
`);

export const CreateApiTokenMutation = graphql(`
  mutation CreateApiToken($input: CreateApiTokenInput!) {
    createApiToken(input: $input) {
      token
      apiToken {
        ...ApiTokenRow_token @unmask
      }
    }
  }
`);

export const RevokeApiTokenMutation = graphql(`
  mutation RevokeApiToken($input: RevokeApiTokenInput!) {
    revokeApiToken(input: $input) {
      apiToken {
        ...ApiTokenRow_token @unmask
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

export const WebhookEndpointRowFragment = graphql(`
  fragment WebhookEndpointRow_endpoint on WebhookEndpoint {
    id
    url
    events
    description
    enabled
    disabledReason
    deliveries(first: 20) {
      id
      eventId
      eventType
      status
      attempts
      responseStatus
      error
      createdAt
    }
  }
`);

export const WebhookEndpointsQuery = graphql(`
  query WebhookEndpoints {
    webhookEndpoints {
      ...WebhookEndpointRow_endpoint @unmask
    }
  }
`);

export const CreateWebhookEndpointMutation = graphql(`
  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      webhookEndpoint {
        ...WebhookEndpointRow_endpoint @unmask
      }
    }
  }
`);

export const UpdateWebhookEndpointMutation = graphql(`
  mutation UpdateWebhookEndpoint($input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(input: $input) {
      webhookEndpoint {
        ...WebhookEndpointRow_endpoint @unmask
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
