/** Test data factories: people, sessions and tokens, made directly in the database. */
import { TOKEN_SCOPES } from '../modules/api-tokens/token-scopes.ts';
import { randomUUID } from 'node:crypto';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { API_TOKEN_PREFIX, SESSION_COOKIE, createSession, hashToken, newToken } from '../modules/auth/session.service.ts';

let counter = 0;

/** A fully on-boarded adult artist (override any field). Password hash is not set unless given. */
export async function buildUser(prisma: PrismaClient, overrides: Partial<Prisma.UserUncheckedCreateInput> = {}) {
  counter += 1;
  const email = overrides.email ?? `artist${counter}-${randomUUID().slice(0, 8)}@example.com`;
  return prisma.user.create({
    data: {
      email,
      emailNormalized: email.trim().toLowerCase(),
      firstName: 'Test',
      lastName: `Artist${counter}`,
      emailVerified: true,
      birthday: new Date('1990-01-01T00:00:00Z'),
      country: 'US',
      state: 'NY',
      city: 'New York',
      address1: '1 Main St',
      postalCode: '10001',
      primaryArtists: [`Test Artist ${counter}`],
      distributionAgreement: true,
      ...overrides,
    },
  });
}

/** Signs a user in by creating a session; returns the Cookie header to send. */
export async function sessionCookieFor(prisma: PrismaClient, userId: string, impersonatorId?: string): Promise<string> {
  const { token } = await createSession(prisma, { userId, impersonatorId });
  return `${SESSION_COOKIE}=${token}`;
}

/** Creates a personal API token (every scope unless told); returns the Authorization header value. */
export async function bearerFor(prisma: PrismaClient, userId: string, scopes: readonly string[] = TOKEN_SCOPES): Promise<string> {
  const token = newToken(API_TOKEN_PREFIX);
  await prisma.apiToken.create({ data: { userId, name: 'test', tokenHash: hashToken(token), prefix: token.slice(0, 8), scopes: [...scopes] } });
  return `Bearer ${token}`;
}
