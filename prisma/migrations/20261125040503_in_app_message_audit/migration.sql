-- AlterEnum
ALTER TYPE "audit_subcategory" ADD VALUE 'IN_APP_MESSAGE_CHANGED';
