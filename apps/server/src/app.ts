import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { appConfigSchema } from '@crossmarket/domain';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAccountRoutes } from './features/account/routes';
import { registerBillingRoutes } from './features/billing/routes';
import { createPayments } from './providers/payments';
import { createRatesSource } from './providers/rates';
import { latestRates } from './features/rates/service';
import { registerRatesRoutes } from './features/rates/routes';
import { registerReportRoutes } from './features/reports/routes';
import { registerSupplierRoutes } from './features/suppliers/routes';
import { registerAnalysisRoutes } from './features/analysis/routes';
import { registerFilterSetRoutes } from './features/filter-sets/routes';
import { registerLaneRoutes } from './features/lanes';
import { registerInventoryRoutes } from './features/inventories/routes';
import { recordingHistory, registerHistoryRoutes } from './features/history';
import { registerWatchRoutes } from './features/watches';
import { registerMoneyRoutes } from './features/finances';
import { registerListingRoutes } from './features/listings';
import { registerOrderRoutes } from './features/orders';
import { createSellerOrders, type SellerOrders } from './providers/seller-orders';
import { createMarketplace, marketplaceAllowance, registerSandboxImages } from './providers/marketplace';
import type { MarketplaceProvider } from './providers/marketplace/types';
import { createSellerStore, type SellerStore } from './providers/seller-store';
import { registerLookupRoutes } from './features/lookup/routes';
import { registerRestrictionRoutes } from './features/restrictions';
import { registerSupportRoutes } from './features/support/routes';
import { registerAmazonRoutes } from './features/amazon/routes';
import { isOperatorRequest, registerAdminRoutes } from './features/admin';
import { authorisationPolicy, createLookupAccounts, tokenBoxFor } from './features/amazon';
import { registerStripeWebhook } from './providers/payments/stripe-webhook';
import { registerPlanRoutes } from './features/plans/routes';
import { createAuth, type Auth } from './features/auth/auth';
import { createGuard, type Guard } from './features/auth/guard';
import { registerAuthRoutes } from './features/auth/routes';
import { devPagesOpenTo, registerDevMailbox } from './http/dev-mailbox';
import { registerDevStore } from './http/dev-store';
import { registerErrorHandling } from './http/errors';
import { registerNulRefusal } from './http/nul-bytes';
import { registerJsonBodyParser } from './http/json-body';
import { registerHealthRoutes } from './http/health';
import { registerServerTiming } from './http/server-timing';
import { registerSyncCompression } from './http/sync-compression';
import { registerOriginCheck } from './http/origin';
import { registerOpenApi } from './http/openapi';
import { createLimiter } from './http/rate-limit';
import { registerWebApp } from './http/web-app';
import { registerExtensionDownload } from './http/extension-download';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';
import type { App } from './http/app-type';

export type { App } from './http/app-type';

export interface AppDeps {
  database: Database;
  logger: Logger;
  queue: JobQueue;
  sessionSecret: string;
  /** The quick check's marketplace; `MARKETPLACE_PROVIDER`'s when absent (tests give a stand-in). */
  marketplace?: MarketplaceProvider;
  /** Sees every route as it is added, before any plugin registers one (tests that sweep all routes). */
  onRoute?: (route: RouteOptions) => void;
  /** Sellers' Amazon stores (the listings' shipping templates); `MARKETPLACE_PROVIDER`'s when absent. */
  sellerStore?: SellerStore;
  /** Sellers' Amazon orders; `MARKETPLACE_PROVIDER`'s when absent. */
  sellerOrders?: SellerOrders;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    guard: Guard;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** The user menu's Blog link when BLOG_URL (which also feeds the support centre's blog list) is unset. */
const DEFAULT_BLOG_URL = 'https://blog.crossmarket.app';

/** Content-Security-Policy the built app satisfies: no inline scripts; Ant Design injects <style> tags. */
// Stripe.js and its Elements iframes, only when Stripe is the payment provider.
const STRIPE_JS = 'https://js.stripe.com';

export function contentSecurityPolicy(appUrl: string, stripe = false) {
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: stripe ? ["'self'", STRIPE_JS] : ["'self'"],
      frameSrc: stripe ? ["'self'", STRIPE_JS, 'https://hooks.stripe.com'] : ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: stripe ? ["'self'", 'https://api.stripe.com'] : ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: appUrl.startsWith('https:') ? [] : null,
    },
  };
}

export async function buildApp(config: Config, deps: AppDeps): Promise<App> {
  const app: App = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A request must arrive in full (a slow upload, a slowloris) and be answered (else 503) within this;
    // event streams hijack their reply and are exempt from the second.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    handlerTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    // X-Forwarded-For is believed only as far as the proxies TRUST_PROXY names; unset, the peer is the client.
    trustProxy: config.TRUST_PROXY ?? false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  registerErrorHandling(app);
  registerJsonBodyParser(app);
  registerNulRefusal(app);
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config.APP_URL, config.PAYMENTS_PROVIDER === 'stripe'),
    strictTransportSecurity: config.APP_URL.startsWith('https:'),
  });
  const serverTiming = registerServerTiming(app, config.SERVER_TIMING);
  registerSyncCompression(app);
  // gzip level 3: half the time of the default 6 for a few per cent more bytes on our JSON answers.
  await app.register(compress, { threshold: 1024, zlibOptions: { level: 3 } });
  serverTiming.finish();

  // Before every route: @fastify/swagger collects them as they are added.
  await registerOpenApi(app);
  registerOriginCheck(app, config.APP_URL);
  registerHealthRoutes(app, deps.database.db);

  const { db } = deps.database;
  const auth = createAuth({
    config,
    db,
    queue: deps.queue,
    secret: deps.sessionSecret,
    links: tokenBoxFor(config, deps.logger),
    logger: deps.logger,
  });
  const guard = createGuard(auth, db, config.RATE_LIMIT_SCALE);
  app.decorate('auth', auth);
  app.decorate('guard', guard);
  const limit = createLimiter(db, config.RATE_LIMIT_SCALE);
  registerAuthRoutes(app, auth, limit);
  registerAccountRoutes(app, { db, auth, guard, limit });
  registerPlanRoutes(app, db);
  const payments = createPayments(config, db, deps.queue);
  registerBillingRoutes(app, { db, guard, payments: payments.provider, limit });
  if (payments.stripe)
    registerStripeWebhook(app, db, payments.stripe, config.STRIPE_WEBHOOK_SECRET!, deps.queue);
  const ratesSource = createRatesSource(config);
  const rates = () => latestRates(db, ratesSource);
  registerRatesRoutes(app, { guard, rates });
  await registerReportRoutes(app, {
    db,
    guard,
    queue: deps.queue,
    logger: deps.logger,
    rates,
    authorisation: authorisationPolicy(config),
  });
  // After the reports' routes: they register the multipart parser both use.
  registerSupplierRoutes(app, { db, guard, queue: deps.queue });
  registerAnalysisRoutes(app, {
    db,
    guard,
    rateLimitScale: config.RATE_LIMIT_SCALE,
    columnsBytes: config.ANALYSIS_COLUMNS_MB * 1024 * 1024,
  });
  // Every lookup this process makes keeps what it saw (features/history), quick checks included.
  const marketplace = recordingHistory(deps.marketplace ?? createMarketplace(config, { db }), {
    db,
    logger: deps.logger,
    enabled: config.HISTORY_ENABLED,
  });
  const accounts = createLookupAccounts({ db, queue: deps.queue, config, logger: deps.logger });
  registerLookupRoutes(app, {
    db,
    guard,
    rateLimitScale: config.RATE_LIMIT_SCALE,
    marketplace,
    rates,
    authorisation: authorisationPolicy(config),
    accounts,
    logger: deps.logger,
  });
  registerHistoryRoutes(app, { db, guard, marketplace, rateLimitScale: config.RATE_LIMIT_SCALE });
  registerWatchRoutes(app, { db, guard });
  registerMoneyRoutes(app, { db, guard });
  registerRestrictionRoutes(app, {
    db,
    guard,
    rateLimitScale: config.RATE_LIMIT_SCALE,
    marketplace,
    accounts,
    queue: deps.queue,
  });
  registerFilterSetRoutes(app, { db, guard });
  registerLaneRoutes(app, { db, guard });
  registerInventoryRoutes(app, {
    db,
    guard,
    queue: deps.queue,
    allowance: marketplaceAllowance(config),
    authorisation: authorisationPolicy(config),
  });
  registerListingRoutes(app, {
    db,
    guard,
    queue: deps.queue,
    authorisation: authorisationPolicy(config),
    store: deps.sellerStore ?? createSellerStore(config, { db, logger: deps.logger }),
    accounts,
  });
  registerOrderRoutes(app, {
    guard,
    deps: {
      db,
      logger: deps.logger,
      orders: deps.sellerOrders ?? createSellerOrders(config, { db, logger: deps.logger }),
      box: tokenBoxFor(config, deps.logger),
      accounts,
      marketplace,
      queue: deps.queue,
    },
  });
  registerSupportRoutes(app, { db, guard, queue: deps.queue, logger: deps.logger, config });
  registerAmazonRoutes(app, { db, guard, config, logger: deps.logger, marketplace });
  registerAdminRoutes(app, {
    db,
    auth,
    guard,
    queue: deps.queue,
    payments: payments.provider,
    appUrl: config.APP_URL,
    config,
  });
  // Every user's sign-in links and sandbox listings: asked for explicitly, never in production (issue 57).
  const devPages = config.DEV_PAGES && config.NODE_ENV !== 'production';
  const devAccess = { demo: config.DEMO, proxyTrusted: config.TRUST_PROXY !== undefined };
  app.get('/api/app-config', { schema: { response: { 200: appConfigSchema } } }, async (request) => ({
    version: process.env.npm_package_version ?? '0.1.0',
    links: {
      blog: config.BLOG_URL ?? DEFAULT_BLOG_URL,
      instagram: config.INSTAGRAM_URL,
      youtube: config.YOUTUBE_URL,
      extension: config.EXTENSION_URL,
      guide: config.GUIDE_URL,
    },
    providers: { marketplace: config.MARKETPLACE_PROVIDER, payments: config.PAYMENTS_PROVIDER },
    stripe_publishable_key: config.STRIPE_PUBLISHABLE_KEY ?? null,
    dev_mailbox: devPages && config.MAIL_TRANSPORT === 'outbox' && devPagesOpenTo(request, devAccess),
  }));
  if (devPages) registerDevMailbox(app, db, devAccess);
  else if (config.NODE_ENV !== 'production' && config.MAIL_TRANSPORT === 'outbox') {
    deps.logger.info('the development mailbox is off: DEV_PAGES=true lists sign-in links at /dev/mailbox');
  }

  if (config.MARKETPLACE_PROVIDER === 'sandbox') registerSandboxImages(app);
  if (config.MARKETPLACE_PROVIDER === 'sandbox' && devPages) registerDevStore(app, db, devAccess, deps.queue);

  registerExtensionDownload(app, config.extensionZip);
  await registerWebApp(app, config.webDistDir, { operator: isOperatorRequest(guard) });
  return app;
}
