import { graphql } from '../../../gql';

export const InAppMessageAdminFields = graphql(`
  fragment InAppMessagesAdmin_message on InAppMessage {
    id
    type
    headline
    bodyText
    ctaBtn {
      text
      url
      isNewTab
    }
    disableCloseBtn
    delay
    pages
    devices
    startDate
    endDate
    force
    isStandAlone
    isDisplayAlways
    audience
  }
`);

export const AllInAppMessagesQuery = graphql(`
  query AllInAppMessages {
    allInAppMessages {
      # @unmask: InAppMessagesAdmin owns both this query and the fragment (its table and edit form).
      ...InAppMessagesAdmin_message @unmask
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
        ...InAppMessagesAdmin_message
      }
    }
  }
`);

export const UpdateInAppMessageMutation = graphql(`
  mutation UpdateInAppMessage($input: UpdateInAppMessageInput!) {
    updateInAppMessage(input: $input) {
      inAppMessage {
        id
        ...InAppMessagesAdmin_message
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
