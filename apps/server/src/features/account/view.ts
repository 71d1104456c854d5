import { isLockedOut, isPaidActive } from '@crossmarket/domain';
import type { AccountRow } from './repo';

/** GET /api/me: the account as the web app reads it (snake_case, the specification's field names). */
export function accountView(row: AccountRow, usage: { r_count: number; ip_count: number }, now = new Date()) {
  const { user, profile, data, plan } = row;
  return {
    user: { id: user.id, email: user.email, email_verified: user.emailVerified, created_at: user.createdAt },
    profile: {
      first_name: profile.firstName,
      second_name: profile.secondName,
      last_name: profile.lastName,
      phone_number: profile.phoneNumber,
      address: profile.address,
      country: profile.country,
      state: profile.state,
      city: profile.city,
      postal_code: profile.postalCode,
      // Only the validated `en` or `tr` is ever stored.
      comm_lang: profile.commLang as 'en' | 'tr',
      autopay: profile.autopay,
      qs: profile.qs,
      updated_at: profile.updatedAt,
    },
    user_data: {
      is_active: data.isActive,
      suspended: data.suspended,
      role: data.role,
      welcome_done: data.welcomeDone,
      subscription: data.subscriptionId,
      subscription_end: data.subscriptionEnd,
      card_brand: data.cardBrand,
      last4: data.cardLast4,
      plan: {
        code: plan.code,
        name: plan.name,
        daily_report_quota: plan.dailyReportQuota,
        inventory_quota: plan.inventoryQuota,
        send_limit: plan.sendLimit,
        monthly_price: plan.monthlyPriceCents,
      },
    },
    usage,
    access: {
      paid_active: isPaidActive({ planCode: plan.code, subscriptionEnd: data.subscriptionEnd }, now),
      locked_out: isLockedOut(data.subscriptionEnd, now),
    },
  };
}
export type AccountView = ReturnType<typeof accountView>;
