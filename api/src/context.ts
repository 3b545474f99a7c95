/** What every service call receives: the database, configuration, logger and who is asking. */
import type { PrismaClient } from './generated/prisma/client.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import type { SqlRunner } from './db/database.ts';

export type Role = 'USER' | 'SUPPORT' | 'ADMIN';

/** The signed-in person (or the user a support agent is acting as). */
export interface Viewer {
  userId: string;
  role: Role;
  sessionId?: string;
  /** Set while support staff act as this user (force_login). */
  impersonatorId?: string;
  /** Set when the request authenticated with a personal API token instead of a cookie. */
  apiTokenId?: string;
  /** The token's scopes (api-tokens/token-scopes.ts decides what they allow). */
  apiTokenScopes?: readonly string[];
}

export interface AppContext {
  prisma: PrismaClient;
  /** Plain SQL on the same database, for the read models that answer in one statement. */
  sql: SqlRunner;
  config: Config;
  logger: Logger;
  viewer: Viewer | null;
  requestId: string;
  /** Brand chosen for this request (x-country: FR gives the French brand). */
  brandId: 'default' | 'fr';
}
