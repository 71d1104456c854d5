import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { BillingTab } from './components/billing-tab';

/** What a locked-out user sees on every other page: the billing settings (the specification's rule 5). */
export function LockedOutPage() {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="error" showIcon title={t('billing.lockedOut')} style={{ marginBottom: 16 }} />
      <BillingTab />
    </>
  );
}
