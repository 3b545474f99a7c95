import { graphql } from '../../../gql';

export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)
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
  mutation CreateApiToken($name: String!, $scopes: [ApiTokenScope!], $expiresAt: DateTime) {
    createApiToken(name: $name, scopes: $scopes, expiresAt: $expiresAt) {
      token
      apiToken {
        ...ApiTokenRow_token @unmask
      }
    }
  }
`);

export const RevokeApiTokenMutation = graphql(`
  mutation RevokeApiToken($id: ID!) {
    revokeApiToken(id: $id) {
      ...ApiTokenRow_token @unmask
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
