import type { RegionCode } from '@crossmarket/domain';

/**
 * Amazon refused a seller's own authorisation (Login with Amazon answered `invalid_grant`): the seller
 * removed the app or the year ran out. Asking again cannot help; the work marks it revoked and goes on
 * under the shared authorisation, or stops.
 */
export class AuthorisationRevokedError extends Error {
  constructor(readonly region: string) {
    super(`Amazon no longer accepts the seller's authorisation for region ${region.toUpperCase()}`);
    this.name = 'AuthorisationRevokedError';
  }
}

/** No authorisation serves the user's lookups in this marketplace: neither their own nor a shared one. */
export class NotAuthorisedError extends Error {
  readonly code = 'amazon_not_connected';
  constructor(
    readonly country: RegionCode,
    /** `changed`: the seller disconnected, or connected another account, while the work ran. */
    why: 'revoked' | 'changed' = 'revoked',
  ) {
    super(
      why === 'changed'
        ? `amazon_not_connected: the seller's Amazon authorisation for ${country.toUpperCase()} was removed or replaced while the work ran`
        : `No Amazon authorisation serves lookups in ${country.toUpperCase()}: the seller's was revoked`,
    );
    this.name = 'NotAuthorisedError';
  }
}
