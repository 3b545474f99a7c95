import { graphql } from '../../../gql';

export const AllInAppMessagesQuery = graphql(`
  query AllInAppMessages {
    allInAppMessages {
      id
      ...InAppMessageRow_message
    }
    inAppMessageStats {
      messageId
      triggered
      clicked
    }
  }
`);

export const CreateInAppMessageMutation = graphql(`
  mutation CreateInAppMessage($input: CreateInAppMessageInput!) {
    createInAppMessage(input: $input) {
      inAppMessage {
        id
        ...InAppMessageRow_message
      }
    }
  }
`);

export const UpdateInAppMessageMutation = graphql(`
  mutation UpdateInAppMessage($input: UpdateInAppMessageInput!) {
    updateInAppMessage(input: $input) {
      inAppMessage {
        id
        ...InAppMessageRow_message
      }
    }
  }
`);

export const DeleteInAppMessageMutation = graphql(`
  mutation DeleteInAppMessage($input: DeleteInAppMessageInput!) {
    deleteInAppMessage(input: $input) {
      deletedId
    }
  }
`);
