/**
 * Strings that are enumerations are enums (issue 17): each field and argument below takes or
 * answers a closed set of values, so the schema names the set. This walks the built schema, so a
 * field that goes back to `String` (or is renamed away) fails here.
 */
import { describe, expect, it } from '@jest/globals';
import { getNamedType, isEnumType, isInputObjectType, isObjectType, type GraphQLNamedType } from 'graphql';
import { graphqlSchema } from '../test/harness.ts';

/** `Type.field` → the enum it must have (lists and non-null wrappers aside). */
const ENUM_FIELDS: Record<string, string> = {
  'InAppMessage.devices': 'InAppMessageDevice',
  'CreateInAppMessageInput.devices': 'InAppMessageDevice',
  'UpdateInAppMessageInput.devices': 'InAppMessageDevice',
  'Plan.billingPeriod': 'BillingPeriod',
  'Tier.billingPeriod': 'BillingPeriod',
  'JobCount.status': 'JobStatus',
  'WebhookDelivery.status': 'WebhookDeliveryStatus',
  'WebhookDelivery.eventType': 'WebhookEventType',
  'ReviewCredit.role': 'ArtistRole',
  'TransferCodeConflict.kind': 'TransferCodeKind',
  'TransferCodeConflict.reason': 'TransferCodeConflictReason',
  'FailingDelivery.kind': 'DeliveryKind',
  'FailingPayout.payoutStatus': 'PayoutStatus',
  'TaxStatus.status': 'TaxVerificationStatus',
  'LedgerLine.kind': 'LedgerLineKind',
  'PaymentMethod.cardBrand': 'CardBrand',
  'PromoCodeCheck.type': 'PromoCodeType',
  'CatalogImport.format': 'CatalogImportFormat',
  'AuditEvent.category': 'AuditCategory',
  'AuditEvent.subcategory': 'AuditSubcategory',
  'CreateCaptchaChallengeInput.type': 'CaptchaPurpose',
  'SolveCaptchaInput.type': 'CaptchaPurpose',
  'StoreEndpoint.auth': 'SftpAuth',
  'SetStoreEndpointInput.auth': 'SftpAuth',
};

function fieldType(coordinate: string): GraphQLNamedType | undefined {
  const [typeName, fieldName] = coordinate.split('.') as [string, string];
  const type = graphqlSchema.getType(typeName);
  if (!type || !(isObjectType(type) || isInputObjectType(type))) return undefined;
  const field = type.getFields()[fieldName];
  return field ? getNamedType(field.type) : undefined;
}

describe('closed sets of values', () => {
  it.each(Object.entries(ENUM_FIELDS))('%s is the enum %s', (coordinate, enumName) => {
    const type = fieldType(coordinate);
    expect(type?.name).toBe(enumName);
    expect(isEnumType(type)).toBe(true);
  });
});
