/** An idempotency key; getRandomValues also works on plain-http hosts, where randomUUID does not exist. */
export function randomKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

export const RELOAD_DELAY_MS = 2000;

/** After a billing change: show the result, then reload the billing page so every figure is fresh. */
export function reloadBillingSoon() {
  setTimeout(() => window.location.assign('/settings/billing'), RELOAD_DELAY_MS);
}
