import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { API_TOKEN_LIMIT, apiTokenScopesOf, type ApiToken } from '@crossmarket/domain';
import { Alert, App, Button, Card, Empty, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens';
import { CreateApiTokenModal } from './create-api-token-modal';

const TOAST = 'api-token-revoke';

/** Settings → API: personal tokens for scripts (create, list, revoke) and where the API is described. */
export function ApiTab() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const list = tokens.data?.apiKeys ?? [];
  const full = list.length >= API_TOKEN_LIMIT;
  const date = (value: string | null, none: string) => (value ? dayjs(value).format('L LT') : none);

  const confirmRevoke = (token: ApiToken) =>
    modal.confirm({
      title: t('apiTokens.revokeConfirm', { name: token.name }),
      content: t('apiTokens.revokeWarning'),
      okText: t('apiTokens.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('apiTokens.cancel'),
      onOk: async () => {
        void message.open({ key: TOAST, type: 'loading', content: t('common.loading'), duration: 0 });
        try {
          await revoke.mutateAsync(token.id);
          void message.open({ key: TOAST, type: 'success', content: t('apiTokens.revoked') });
        } catch {
          void message.open({ key: TOAST, type: 'error', content: t('apiTokens.revokeFailed') });
        }
      },
    });

  const columns: ColumnsType<ApiToken> = [
    {
      title: t('apiTokens.columns.name'),
      key: 'name',
      render: (_, token) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{token.name}</Typography.Text>
          <Typography.Text type="secondary" code>
            {`${token.start ?? token.prefix ?? ''}…`}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('apiTokens.columns.scopes'),
      key: 'scopes',
      render: (_, token) =>
        apiTokenScopesOf(token.permissions)
          .map((s) => t(`apiTokens.scope.${s}`))
          .join(', '),
    },
    {
      title: t('apiTokens.columns.created'),
      key: 'created',
      render: (_, token) => date(token.createdAt, ''),
    },
    {
      title: t('apiTokens.columns.lastUsed'),
      key: 'lastUsed',
      render: (_, token) => date(token.lastRequest, t('apiTokens.neverUsed')),
    },
    {
      title: t('apiTokens.columns.expires'),
      key: 'expires',
      render: (_, token) => date(token.expiresAt, t('apiTokens.noExpiry')),
    },
    {
      title: t('apiTokens.columns.actions'),
      key: 'actions',
      width: 120,
      render: (_, token) => (
        <Button
          danger
          icon={<DeleteOutlined />}
          onClick={() => confirmRevoke(token)}
          aria-label={t('apiTokens.revokeNamed', { name: token.name })}
        >
          {t('apiTokens.revoke')}
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('apiTokens.title')}>
        <Typography.Paragraph>{t('apiTokens.intro')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('apiTokens.passwordRevokes')}</Typography.Paragraph>
        <Typography.Paragraph>
          {t('apiTokens.docsIntro')} <a href="/api/docs">{t('apiTokens.docsLink')}</a>
          {' · '}
          <a href="/api/openapi.json">{t('apiTokens.openapiLink')}</a>
        </Typography.Paragraph>
        <Space wrap>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            disabled={full || !tokens.isSuccess}
          >
            {t('apiTokens.create')}
          </Button>
          {tokens.isSuccess && (
            <Typography.Text type="secondary">
              {t('apiTokens.count', { count: list.length, limit: API_TOKEN_LIMIT })}
            </Typography.Text>
          )}
        </Space>
      </Card>
      {tokens.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('apiTokens.loadFailed')}
          action={<Button onClick={() => void tokens.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<ApiToken>
          rowKey="id"
          columns={columns}
          dataSource={list}
          loading={tokens.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apiTokens.empty')} />,
          }}
        />
      )}
      <CreateApiTokenModal open={creating} onClose={() => setCreating(false)} />
    </Space>
  );
}
