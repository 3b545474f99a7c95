import { graphql } from '../../gql';

export const SearchUsersQuery = graphql(`
  query SearchUsers($query: String!) {
    searchUsers(query: $query) {
      id
      email
      firstName
      lastName
      primaryArtists
      role
      status
      isLocked
    }
  }
`);

export const ActAsUserMutation = graphql(`
  mutation ActAsUser($input: ActAsUserInput!) {
    actAsUser(input: $input) {
      viewer {
        id
      }
    }
  }
`);

export const StopActingAsUserMutation = graphql(`
  mutation StopActingAsUser {
    stopActingAsUser {
      restored
    }
  }
`);
