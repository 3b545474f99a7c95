/** The staff's sales-import documents: the list of imports and one report's review list. */
import { graphql } from '../../../gql';

export const SalesImportsQuery = graphql(`
  query SalesImports {
    salesImports {
      id
      source
      fileName
      period
      status
      rowsRead
      rowsMatched
      rowsUnmatched
      rowsRejected
      postedCents
      error
    }
  }
`);

/** Uploads a store report (multipart, through the upload link); the batch joins the list's cache entry. */
export const ImportSalesReportMutation = graphql(`
  mutation ImportSalesReport($input: ImportSalesReportInput!) {
    importSalesReport(input: $input) {
      created
      batch {
        id
        status
      }
    }
  }
`);

export const SalesImportReviewQuery = graphql(`
  query SalesImportReview($batchId: ID!) {
    salesImportReview(batchId: $batchId) {
      id
      lineNo
      serviceName
      isrc
      upc
      storeId
      trackTitle
      artistName
      units
      payable
    }
    salesImportErrors(batchId: $batchId) {
      lineNo
      message
    }
  }
`);

export const AttachSalesLineMutation = graphql(`
  mutation AttachSalesLine($input: AttachSalesLineInput!) {
    attachSalesLine(input: $input) {
      lineId
      trackId
    }
  }
`);

export const LeaveSalesLineUnclaimedMutation = graphql(`
  mutation LeaveSalesLineUnclaimed($input: LeaveSalesLineUnclaimedInput!) {
    leaveSalesLineUnclaimed(input: $input) {
      lineId
    }
  }
`);
