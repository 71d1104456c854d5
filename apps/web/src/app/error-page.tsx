import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorResult } from './error-result';

/** Shown when a route throws while rendering or loading (a failed lazy chunk after a deploy, say). */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <ErrorResult
      title={t('errors.boundaryTitle')}
      subTitle={t('errors.boundarySubtitle')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      }
    />
  );
}
