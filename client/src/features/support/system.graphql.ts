import { graphql } from '../../gql';

export const SystemStatusQuery = graphql(`
  query SystemStatus {
    systemStatus {
      oldestWaitingSeconds
      jobCounts {
        name
        status
        count
      }
      failedJobs {
        id
        name
        state
        attempts
        maxAttempts
        lastError
        updatedAt
      }
      serverErrors {
        id
        requestId
        operation
        message
        createdAt
      }
      failingDeliveries {
        id
        releaseId
        store
        kind
        error
        updatedAt
      }
      failingPayouts {
        id
        amount
        currency
        payoutStatus
        errorCode
        updatedAt
      }
    }
  }
`);

export const RetryJobMutation = graphql(`
  mutation RetryJob($input: RetryJobInput!) {
    retryJob(input: $input) {
      job {
        id
        state
      }
    }
  }
`);

export const CancelJobMutation = graphql(`
  mutation CancelJob($input: CancelJobInput!) {
    cancelJob(input: $input) {
      job {
        id
        state
      }
    }
  }
`);
