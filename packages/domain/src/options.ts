// Option lists of the onboarding questionnaire (zod-free, so forms can list them without loading zod).
export const HOW_LONG_OPTIONS = ['0', '1', '2', '3', '3+'] as const; // 0 = just started
export const WORK_MODEL_OPTIONS = ['fbm', 'fba', 'both'] as const;
export const CONNECTION_TYPE_OPTIONS = [
  'google',
  'instagram',
  'websites',
  'advisor',
  'friend',
  'none',
] as const;
export const WHICH_SOFTWARE_OPTIONS = [
  'easyinventory',
  'sellerrunning',
  'sellerflash',
  'oneamz',
  'pallstock',
  'other',
  'none',
] as const;
