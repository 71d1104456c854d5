import { Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export const REDIRECT_DELAY_MS = 2000;

/** Step 4: paid. A full page load of / follows, so every screen starts from the new account state. */
export function DoneStep() {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign('/'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Result
      status="success"
      title={t('checkout.doneTitle')}
      subTitle={t('checkout.doneBody')}
      extra={<Spin />}
    />
  );
}
