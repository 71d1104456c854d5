import { account, apiKeys, session, user, verification } from '../../db/schema';

/** better-auth's models and the tables that hold them, for its Drizzle adapter. */
export const AUTH_TABLES = { user, session, account, verification, apikey: apiKeys };
