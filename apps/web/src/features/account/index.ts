// What other features may use of the account.
export { meKeys } from './api/keys';
export { useMe, type Me } from './api/use-me';
export {
  changePassword,
  mailMyRecoveryLink,
  requestRecoveryLink,
  setPassword,
  useSaveOnboarding,
  useSavePreferences,
  useUpdateProfile,
} from './api/mutations';
export { useBannedContents, useSaveBannedContents, type BannedLists } from './api/banned-contents';
export { AddressFields, addressValues } from './components/address-fields';
