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
  mutation ActAsUser($userId: ID!) {
    actAsUser(userId: $userId) {
      id
    }
  }
`);

export const StopActingAsUserMutation = graphql(`
  mutation StopActingAsUser {
    stopActingAsUser
  }
`);
