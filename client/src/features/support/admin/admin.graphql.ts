import { graphql } from '../../../gql';

export const StoreEndpointsQuery = graphql(`
  query StoreEndpoints {
    consoleAbilities {
      manageStoreEndpoints
    }
    storeEndpoints {
      dspId
      dspName
      kind
      isDefault
      enabled
      hasSecret
      recipientDpid
      recipientName
      host
      port
      username
      path
      auth
    }
  }
`);

export const SetStoreEndpointMutation = graphql(`
  mutation SetStoreEndpoint($input: SetStoreEndpointInput!) {
    setStoreEndpoint(input: $input) {
      storeEndpoint {
        dspId
        kind
        isDefault
        hasSecret
        host
        port
        username
        path
      }
    }
  }
`);

export const RemoveStoreEndpointMutation = graphql(`
  mutation RemoveStoreEndpoint($input: RemoveStoreEndpointInput!) {
    removeStoreEndpoint(input: $input) {
      storeEndpoint {
        dspId
        kind
        isDefault
      }
    }
  }
`);

export const ChangeUserRoleMutation = graphql(`
  mutation ChangeUserRole($input: ChangeUserRoleInput!) {
    changeUserRole(input: $input) {
      user {
        id
        role
      }
    }
  }
`);
