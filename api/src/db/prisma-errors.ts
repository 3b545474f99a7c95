/**
 * Recognises the Prisma errors that concurrent requests cause, so services can answer them with
 * the same DomainError as the sequential case (409 / 404) instead of a 500.
 */
import { Prisma } from '../generated/prisma/client.ts';

function hasCode(err: unknown, code: string): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === code;
}

/** A unique constraint refused the write (P2002): another request inserted the same key first. */
export function isUniqueViolation(err: unknown): boolean {
  return hasCode(err, 'P2002');
}

/** The row to update or delete was gone (P2025): another request deleted it first. */
export function isRecordNotFound(err: unknown): boolean {
  return hasCode(err, 'P2025');
}

/** Runs `write`, turning a P2002 from a racing request into `conflict()`. */
export async function onUniqueViolation<T>(write: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
}
