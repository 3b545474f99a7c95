/**
 * Who handles an UNAUTHENTICATED GraphQL answer. Kept apart from lib/apollo.ts so the frame can
 * register the handler without loading Apollo Client (issue 22: the data layer loads on demand).
 */
let handler: (operationName: string) => void = () => undefined;

/** Lets the auth feature plug in its sign-out for an UNAUTHENTICATED answer (the one place it is handled). */
export function setUnauthenticatedHandler(next: (operationName: string) => void): void {
  handler = next;
}

/** The handler registered now. */
export function unauthenticatedHandler(): (operationName: string) => void {
  return handler;
}
