// What other features may use of the account.
export { ME_KEY, useMe, type Me } from './api/use-me';
export {
  changePassword,
  mailMyRecoveryLink,
  requestRecoveryLink,
  setPassword,
  useSaveBannedContents,
  useSaveOnboarding,
  useSavePreferences,
  useUpdateProfile,
  type BannedLists,
} from './api/mutations';
export { AddressFields, addressValues } from './components/address-fields';
