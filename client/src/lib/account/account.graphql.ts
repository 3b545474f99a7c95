import { graphql } from '../../gql';

/** Everything the account screens read from the signed-in profile, in one fragment. */
export const AccountProfileFragment = graphql(`
  fragment AccountProfile_profile on Profile {
    id
    email
    emailVerified
    notValidEmail
    firstName
    lastName
    birthday
    birthdayDisabled
    country
    state
    city
    address1
    address2
    postalCode
    primaryArtists
    distributionAgreement
    privacyPolicyAgreement
    parentEmail
    role
    status
    isLocked
    isAnalyticsDisabled
    taxVerificationStatus
    agreementAcceptedAt
    activeSubscription
    impersonatedBy {
      id
      name
      email
    }
    onboarding {
      name
      contacts
      distribution
      firstIncompleteStep
    }
    needsCaptcha
    viewerCan {
      changeEmail
      changePassword
      deleteAccount
      withdraw
    }
  }
`);

export const ViewerProfileQuery = graphql(`
  query ViewerProfile {
    viewer {
      id
      ...AccountProfile_profile
    }
  }
`);

export const UpdateProfileMutation = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      viewer {
        id
        ...AccountProfile_profile
      }
      fieldErrors {
        field
        key
        message
      }
    }
  }
`);

export const RequestEmailChangeMutation = graphql(`
  mutation RequestEmailChange($input: RequestEmailChangeInput!) {
    requestEmailChange(input: $input) {
      message
    }
  }
`);

export const ResendVerificationEmailMutation = graphql(`
  mutation ResendVerificationEmail {
    resendVerificationEmail {
      sent
    }
  }
`);

export const SignOutMutation = graphql(`
  mutation SignOut {
    signOut {
      signedOut
    }
  }
`);
