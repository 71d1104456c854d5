import { DownloadOutlined, KeyOutlined, ShopOutlined } from '@ant-design/icons';
import { EXTENSION_API_TOKEN_SCOPES, REGIONS } from '@crossmarket/domain';
import { Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../lib/app-config';
import { CreateApiTokenModal } from './create-api-token-modal';

/** Where the server serves the built extension (apps/server/src/http/extension-download.ts). */
export const EXTENSION_ZIP_PATH = '/downloads/crossmarket-extension.zip';
/** The token's name, so that the seller recognises it in Settings → API. */
export const EXTENSION_TOKEN_NAME = 'Browser extension';

/** The numbered steps of one list, in the reader's language (`settings.extension.<key>.1…n`). */
function Steps({
  prefix,
  count,
  values,
}: {
  prefix: string;
  count: number;
  values?: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <ol style={{ paddingInlineStart: 20, margin: 0 }}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>{t(`${prefix}.${i + 1}`, values)}</li>
      ))}
    </ol>
  );
}

/**
 * Settings → Extension (`/settings/extension`, where the user menu's extension link leads unless
 * EXTENSION_URL names a store listing): download, install, sign in with a token made here, and what the
 * extension can see and why.
 */
export function ExtensionTab() {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const [creating, setCreating] = useState(false);
  const address = window.location.origin;
  const store = config?.links.extension;
  const domains = REGIONS.map((r) => r.domain).join(', ');

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 820 }}>
      <Typography.Paragraph>{t('settings.extension.intro')}</Typography.Paragraph>

      <Card title={t('settings.extension.getTitle')}>
        <Space wrap>
          {store && (
            <Button
              type="primary"
              icon={<ShopOutlined />}
              href={store}
              target="_blank"
              rel="noreferrer noopener"
            >
              {t('settings.extension.store')}
            </Button>
          )}
          <Button
            type={store ? 'default' : 'primary'}
            icon={<DownloadOutlined />}
            href={EXTENSION_ZIP_PATH}
            download
          >
            {t('settings.extension.download')}
          </Button>
        </Space>
      </Card>

      <Card title={t('settings.extension.installTitle')}>
        <Typography.Title level={4}>{t('settings.extension.zipTitle')}</Typography.Title>
        <Steps prefix="settings.extension.zipSteps" count={3} />
        <Typography.Title level={4}>{t('settings.extension.unpackedTitle')}</Typography.Title>
        <Steps prefix="settings.extension.unpackedSteps" count={4} />
      </Card>

      <Card title={t('settings.extension.signInTitle')}>
        <Steps prefix="settings.extension.signInSteps" count={3} />
        <Typography.Paragraph style={{ marginTop: 12 }}>
          {t('settings.extension.address')}{' '}
          <Typography.Text code copyable={{ text: address }} data-testid="extension-address">
            {address}
          </Typography.Text>
        </Typography.Paragraph>
        <Button type="primary" icon={<KeyOutlined />} onClick={() => setCreating(true)}>
          {t('settings.extension.createToken')}
        </Button>
      </Card>

      <Card title={t('settings.extension.privacyTitle')}>
        <ul style={{ paddingInlineStart: 20, margin: 0 }}>
          {(['pages', 'sends', 'token', 'credits'] as const).map((key) => (
            <li key={key}>{t(`settings.extension.privacy.${key}`, { domains })}</li>
          ))}
        </ul>
      </Card>

      <CreateApiTokenModal
        open={creating}
        onClose={() => setCreating(false)}
        initialName={EXTENSION_TOKEN_NAME}
        fixedScopes={EXTENSION_API_TOKEN_SCOPES}
      >
        <Typography.Paragraph style={{ marginTop: 16 }}>
          {t('settings.extension.pasteToken', { address })}
        </Typography.Paragraph>
      </CreateApiTokenModal>
    </Space>
  );
}
