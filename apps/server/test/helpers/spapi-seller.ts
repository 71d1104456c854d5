import { pino } from 'pino';
import type { App } from '../../src/app';
import { createLookupAccounts, tokenBoxFor } from '../../src/features/amazon';
import { saveConnection } from '../../src/features/amazon/repo';
import { sealContext } from '../../src/features/amazon/token-box';
import type { ListingsDeps } from '../../src/features/listings/publish';
import { createMarketplace } from '../../src/providers/marketplace';
import { createSellerStore } from '../../src/providers/seller-store';
import { call, KEY_A } from './amazon';
import { userIdOf } from './analysis';
import { buildTestApp, testConfig, type TestApp } from './app';
import { activeUser } from './auth';
import { subscribe } from './billing';
import { createTestDatabase, type TestDatabase } from './db';
import { BODY } from './inventories';
import { seedPricedProducts } from './listings';
import { startSpapiStandIn, type SpapiStandIn } from './spapi-stand-in';

type StandInOptions = NonNullable<Parameters<typeof startSpapiStandIn>[1]>;

/** One seller on plan S with their own Amazon authorisation, against the SP-API stand-in. */
export interface SpapiSeller {
  database: TestDatabase;
  stand: SpapiStandIn;
  testApp: TestApp;
  app: App;
  cookie: string;
  userId: string;
  /** An inventory (US → Canada) holding `products`, priced. */
  inventoryId: string;
  /** What the listings jobs run with: this database, the seller store and the seller's authorisation. */
  deps: ListingsDeps;
  close(): Promise<void>;
}

/**
 * The feed tests' setting: Alice connected to the stand-in under `token` (seller A1ALICESELLER), her
 * inventory seeded with `products`; the stand-in takes `options` (restrictions, how feeds end).
 */
export async function spapiSeller(
  token: string,
  options: StandInOptions,
  products: Parameters<typeof seedPricedProducts>[3],
  appOptions: Pick<NonNullable<Parameters<typeof buildTestApp>[2]>, 'worker' | 'logs' | 'sellerOrders'> = {},
  limits?: Parameters<typeof startSpapiStandIn>[0],
): Promise<SpapiSeller> {
  const seller = 'A1ALICESELLER';
  const database = await createTestDatabase();
  const stand = await startSpapiStandIn(limits, {
    sellerOf: (t) => (t === token ? seller : undefined),
    ...options,
  });
  const cfg = testConfig({
    MARKETPLACE_PROVIDER: 'spapi',
    SPAPI_CLIENT_ID: 'amzn1.application-oa2-client.test',
    SPAPI_CLIENT_SECRET: 'secret',
    SPAPI_ENDPOINT: stand.url,
    LWA_TOKEN_URL: stand.lwaUrl,
    TOKEN_ENCRYPTION_KEY: KEY_A,
  });
  const store = createSellerStore(cfg, { db: database.db });
  const testApp = await buildTestApp(database, cfg, {
    marketplace: createMarketplace(cfg, { db: database.db }),
    sellerStore: store,
    ...appOptions,
  });
  const app = testApp.app;
  const cookie = await activeUser(app, database.db, 'alice@example.com');
  const userId = await userIdOf(database.db, 'alice@example.com');
  await subscribe(app, cookie, 'S');
  const logger = pino({ level: 'silent' });
  await saveConnection(
    database.db,
    userId,
    'na',
    seller,
    tokenBoxFor(cfg, logger).seal(token, sealContext(userId, 'na')),
  );
  const created = await call(app, 'POST', '/api/inventories', cookie, BODY);
  const inventoryId = created.json<{ id: string }>().id;
  await seedPricedProducts(database.db, inventoryId, userId, products);
  const deps: ListingsDeps = {
    db: database.db,
    logger,
    store,
    accounts: createLookupAccounts({
      db: database.db,
      queue: { send: async () => null, retry: async () => false },
      config: cfg,
      logger,
    }),
  };
  return {
    database,
    stand,
    testApp,
    app,
    cookie,
    userId,
    inventoryId,
    deps,
    close: async () => {
      await testApp.close();
      await stand.close();
      await database.destroy();
    },
  };
}
