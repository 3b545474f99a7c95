import { graphql } from '../../gql';

export const WithdrawalsAwaitingApprovalQuery = graphql(`
  query WithdrawalsAwaitingApproval {
    withdrawalsAwaitingApproval {
      userEmail
      withdrawal {
        id
        amount
        currency
        createdAt
      }
    }
  }
`);

export const ApproveWithdrawalMutation = graphql(`
  mutation ApproveWithdrawal($id: ID!) {
    approveWithdrawal(id: $id) {
      id
      status
      awaitingApproval
    }
  }
`);

export const RejectWithdrawalMutation = graphql(`
  mutation RejectWithdrawal($id: ID!, $reason: String) {
    rejectWithdrawal(id: $id, reason: $reason) {
      id
      status
      awaitingApproval
    }
  }
`);
