-- AlterEnum
ALTER TYPE "audit_subcategory" ADD VALUE 'PAYMENT_EXPIRED';
