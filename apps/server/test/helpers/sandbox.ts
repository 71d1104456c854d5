import { SANDBOX_BASELINE_DAY } from '../../src/providers/marketplace/sandbox-market';
import { createSandboxMarketplace, type SandboxOptions } from '../../src/providers/marketplace/sandbox';

export { SANDBOX_BASELINE_DAY };

/**
 * The sandbox marketplace pinned to its baseline day, as `testConfig` pins the app's (SANDBOX_DAY): a test
 * that asserts sandbox figures gets the same ones whatever the date (issue 59).
 */
export const baselineSandbox = (options: Omit<SandboxOptions, 'day'> = {}) =>
  createSandboxMarketplace({ ...options, day: SANDBOX_BASELINE_DAY });
