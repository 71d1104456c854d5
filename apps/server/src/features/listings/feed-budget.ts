/** How long one `follow-listing-feeds` run may ask Amazon about feeds: under its ten-minute cadence. */
export const FOLLOW_BUDGET_MS = 8 * 60_000;
/** How much of that one seller may take: a seller with hundreds of late feeds cannot starve the others. */
export const FOLLOW_SELLER_BUDGET_MS = 2 * 60_000;

/**
 * The time budget of one run over the waiting feeds, taken in turns by seller. `turn(seller)` is called
 * before each feed: it charges the time since the last call to the seller of that feed and answers
 * whether to go on (`go`), leave this seller's feeds for the next run (`skip`) or stop (`stop`).
 */
export function feedBudget({
  totalMs = FOLLOW_BUDGET_MS,
  sellerMs = FOLLOW_SELLER_BUDGET_MS,
  now = Date.now,
}: { totalMs?: number; sellerMs?: number; now?: () => number } = {}) {
  const start = now();
  const spent = new Map<string, number>();
  let last: { seller: string; at: number } | undefined;
  return {
    turn(seller: string): 'go' | 'skip' | 'stop' {
      const at = now();
      if (last) spent.set(last.seller, (spent.get(last.seller) ?? 0) + at - last.at);
      last = undefined;
      if (at - start >= totalMs) return 'stop';
      if ((spent.get(seller) ?? 0) >= sellerMs) return 'skip';
      last = { seller, at };
      return 'go';
    },
  };
}
