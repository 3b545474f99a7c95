import { graphql } from '../../gql';

export const ReviewQueueQuery = graphql(`
  query ReviewQueue($input: ReviewQueueInput) {
    reviewQueue(input: $input) {
      totalCount
      hasMore
      endCursor
      releases {
        id
        title
        submittedAt
        releaseDate
        coverUrl
        owner {
          id
          email
          artistName
        }
        tracks {
          id
        }
        checkIssues {
          key
        }
        transfer {
          previousDistributor
          review
        }
      }
    }
  }
`);

export const ReviewReleaseQuery = graphql(`
  query ReviewRelease($id: ID!) {
    reviewRelease(id: $id) {
      id
      title
      status
      version
      coverUrl
      coverWidth
      coverHeight
      rejectionReasons
      transfer {
        previousDistributor
        liveStores
        review
        conflicts {
          kind
          code
          reason
          otherUserId
        }
      }
      checkIssues {
        field
        key
        message
        trackNumber
      }
      tracks {
        id
        number
        title
        isrc
        durationMs
        fileName
        sampleRate
        bitDepth
        channels
        explicitLyrics
        audioUrl
        credits {
          artistName
          role
        }
      }
      ...ReviewFacts_release
      ...ReviewDecision_release
      ...ReviewDeliveries_release
      ...CorrectMetadataForm_release
    }
  }
`);

export const ApproveReleaseMutation = graphql(`
  mutation ApproveRelease($input: ApproveReleaseInput!) {
    approveRelease(input: $input) {
      release {
        id
        status
        version
        rejectionReasons
      }
    }
  }
`);

export const RejectReleaseMutation = graphql(`
  mutation RejectRelease($input: RejectReleaseInput!) {
    rejectRelease(input: $input) {
      release {
        id
        status
        version
        rejectionReasons
      }
    }
  }
`);

export const StaffAccountQuery = graphql(`
  query StaffAccount($userId: ID!) {
    consoleAbilities {
      manageAccounts
      liftSuperBlock
      manageStaff
      manageStoreEndpoints
    }
    staffAccount(userId: $userId) {
      account {
        id
        email
        firstName
        lastName
        primaryArtists
        role
        status
        statusReason
        statusChangedAt
        isLocked
        emailVerified
        country
        city
        createdAt
        lastSignInAt
        plan
        balance
        ...AccountStatusForm_account
      }
      releases {
        id
        title
        status
        releaseDate
      }
    }
  }
`);

export const BlockUserMutation = graphql(`
  mutation BlockUser($input: BlockUserInput!) {
    blockUser(input: $input) {
      user {
        id
        status
      }
    }
  }
`);

export const UnblockUserMutation = graphql(`
  mutation UnblockUser($input: UnblockUserInput!) {
    unblockUser(input: $input) {
      user {
        id
        status
      }
    }
  }
`);

export const UserAuditLogQuery = graphql(`
  query UserAuditLog($input: UserAuditLogInput!) {
    userAuditLog(input: $input) {
      hasMore
      endCursor
      events {
        id
        ...AuditLogTable_event
      }
    }
  }
`);

export const ReleaseAuditLogQuery = graphql(`
  query ReleaseAuditLog($input: ReleaseAuditLogInput!) {
    releaseAuditLog(input: $input) {
      hasMore
      endCursor
      events {
        id
        ...AuditLogTable_event
      }
    }
  }
`);

export const AdminEditReleaseMutation = graphql(`
  mutation AdminEditRelease($input: AdminEditReleaseInput!) {
    adminEditRelease(input: $input) {
      release {
        id
        title
        status
        version
        catalogNumber
        upc
        releaseDate
        originalReleaseDate
      }
    }
  }
`);

export const AcknowledgeDeliveryMutation = graphql(`
  mutation AcknowledgeDelivery($input: AcknowledgeDeliveryInput!) {
    acknowledgeDelivery(input: $input) {
      delivery {
        id
        status
        acknowledgedAt
      }
    }
  }
`);
