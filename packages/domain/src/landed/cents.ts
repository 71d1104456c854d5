// Landed-mode money is whole cents: every line is rounded half up to the cent where it arises, as Amazon
// rounds its fees and customs round their charges, and each total is the sum of the lines shown.

/** Half up, ignoring the binary noise of a product like 975 × 0.02 = 19.499999999999996. */
export const roundHalfUp = (cents: number): number => Math.floor(cents + 0.5 + 1e-6);

/** An amount in currency units as whole cents. */
export const toCents = (amount: number): number => roundHalfUp(amount * 100);

export const fromCents = (cents: number): number => cents / 100;
