import type { Config } from '../../config';
import { StartupError } from '../../startup-error';
import { createSandboxMarketplace } from './sandbox';
import type { MarketplaceProvider } from './types';

export function createMarketplace(config: Config): MarketplaceProvider {
  if (config.MARKETPLACE_PROVIDER === 'spapi') {
    throw new StartupError(
      'MARKETPLACE_PROVIDER=spapi: the Amazon SP-API adapter is not built yet. Use the default sandbox.',
    );
  }
  return createSandboxMarketplace({ delayMs: config.SANDBOX_LOOKUP_DELAY_MS });
}
