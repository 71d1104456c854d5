/**
 * The account's query keys. `me` is apart from the banned lists: the account's writes (profile,
 * preferences, onboarding) read /api/me again without reloading the lists, and saving the lists replaces
 * their cache without reading the account.
 */
export const meKeys = {
  all: ['me'] as const,
};

export const bannedContentsKeys = {
  all: ['banned-contents'] as const,
};
