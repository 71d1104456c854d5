import { apiError } from '../../http/errors';

/** Both providers' answer when an operator extends a subscription that is not running. */
export const noSubscription = () => apiError(409, 'no_subscription', 'apiErrors.admin.noSubscription');
