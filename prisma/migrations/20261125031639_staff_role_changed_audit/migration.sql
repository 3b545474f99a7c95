-- AlterEnum
ALTER TYPE "audit_subcategory" ADD VALUE 'ROLE_CHANGED';
