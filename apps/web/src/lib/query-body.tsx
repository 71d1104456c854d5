import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Flex, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';
import { errorMessage } from './error-message';

/**
 * The body of a drawer or panel that shows one thing read from the server: the thing, or that it is not
 * there (another seller's answers 404 as a missing one does), or why it could not be read with a retry,
 * or a spinner. `testId` names the not-found and error states (`<testId>-not-found`, `<testId>-error`).
 */
export function QueryBody<T>({
  query,
  children,
  notFound,
  loadFailed,
  retry,
  onBack,
  testId,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  notFound: { title: string; body: string };
  loadFailed: string;
  retry: string;
  onBack: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error instanceof ApiError && query.error.status === 404)
    return (
      <Result
        status="404"
        title={notFound.title}
        subTitle={notFound.body}
        extra={<Button onClick={onBack}>{t('common.back')}</Button>}
        data-testid={`${testId}-not-found`}
      />
    );
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(query.error, t, { fallback: loadFailed })}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {retry}
          </Button>
        }
        data-testid={`${testId}-error`}
      />
    );
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin aria-label={t('common.loading')} />
    </Flex>
  );
}
