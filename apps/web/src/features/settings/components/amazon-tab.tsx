import {
  AMAZON_CONNECT_ERRORS,
  AMAZON_REGIONS,
  type AmazonConnection,
  type AmazonRegion,
  isAmazonRegionCode,
  type RegionCode,
} from '@crossmarket/domain';
import { Alert, App, Button, Card, List, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { Country, Flag, regionName } from '../../../lib/country';
import dayjs from '../../../lib/dayjs';
import { useAmazonConnections, useConnectAmazon, useDisconnectAmazon } from '../api/amazon-connections';

type Outcome = { type: 'success' | 'error'; key: string; region?: string };

/** What the callback's redirect said (`?connected=na` or `?error=amazon_declined`). */
function readOutcome(params: URLSearchParams): Outcome | null {
  const connected = params.get('connected');
  const error = params.get('error');
  if (isAmazonRegionCode(connected))
    return { type: 'success', key: 'amazonConnections.connected', region: connected };
  if (!error) return null;
  const key = AMAZON_CONNECT_ERRORS[error as keyof typeof AMAZON_CONNECT_ERRORS];
  return { type: 'error', key: key ?? 'amazonConnections.failed' };
}

/** The redirect's outcome, read once when the tab opens; the address is cleared so a reload does not repeat it. */
function useCallbackOutcome(): Outcome | null {
  const [params, setParams] = useSearchParams();
  const [outcome] = useState(() => readOutcome(params));
  useEffect(() => {
    if (params.has('connected') || params.has('error')) setParams({}, { replace: true });
  }, [params, setParams]);
  return outcome;
}

/** Settings → Amazon account: one row per SP-API region, drawn from the domain's catalogue. */
export function AmazonTab() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  // The marketplace each region's account lives in: its Seller Central gives the consent (Amazon's guide).
  const [homes, setHomes] = useState<Partial<Record<AmazonRegion['code'], RegionCode>>>({});
  const homeOf = (region: AmazonRegion) => homes[region.code] ?? region.countries[0]!;
  const connections = useAmazonConnections();
  const connect = useConnectAmazon();
  const disconnect = useDisconnectAmazon();
  const outcome = useCallbackOutcome();
  const stateOf = (region: AmazonRegion): AmazonConnection | undefined =>
    connections.data?.find((c) => c.region === region.code);
  const date = (value: string | null) => (value ? dayjs(value).format('LL') : '');

  const start = async (region: AmazonRegion) => {
    try {
      const { authorize_url } = await connect.mutateAsync({
        region: region.code,
        marketplace: homeOf(region),
      });
      window.location.assign(authorize_url);
    } catch (error) {
      void message.error(errorMessage(error, t, { fallback: t('amazonConnections.failed') }));
    }
  };

  const confirmDisconnect = (region: AmazonRegion) =>
    modal.confirm({
      title: t('amazonConnections.disconnectConfirm', {
        region: t(`amazonConnections.regions.${region.code}`),
      }),
      content: t('amazonConnections.disconnectWarning'),
      okText: t('amazonConnections.disconnect'),
      okButtonProps: { danger: true },
      cancelText: t('amazonConnections.cancel'),
      onOk: async () => {
        try {
          await disconnect.mutateAsync(region.code);
          void message.success(t('amazonConnections.disconnected'));
        } catch {
          void message.error(t('amazonConnections.disconnectFailed'));
        }
      },
    });

  const status = (c: AmazonConnection | undefined) => {
    if (!c || c.status === 'not_connected') return <Tag>{t('amazonConnections.notConnected')}</Tag>;
    if (c.status === 'revoked') return <Tag color="error">{t('amazonConnections.revoked')}</Tag>;
    return (
      <Space orientation="vertical" size={0}>
        <Tag color="success">
          {t('amazonConnections.connectedAs', { seller: c.selling_partner_id, date: date(c.connected_at) })}
        </Tag>
        <Typography.Text type="secondary">
          {t('amazonConnections.renewBy', { date: date(c.renew_by) })}
        </Typography.Text>
        {/* Amazon's marketplace participations: where this account cannot sell. */}
        {c.not_selling_in.map((code) => (
          <Typography.Text key={code} type="warning" data-testid={`not-selling-${code}`}>
            {t('amazonConnections.notSellingIn', { country: regionName(code, i18n.language) })}
          </Typography.Text>
        ))}
      </Space>
    );
  };

  return (
    <Card title={t('amazonConnections.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph>{t('amazonConnections.intro')}</Typography.Paragraph>
        {outcome && (
          <Alert
            type={outcome.type}
            showIcon
            role="status"
            title={t(outcome.key, {
              region: outcome.region ? t(`amazonConnections.regions.${outcome.region}`) : undefined,
            })}
          />
        )}
        {connections.isError && (
          <Alert
            type="error"
            showIcon
            title={t('amazonConnections.loadFailed')}
            action={
              <Button onClick={() => void connections.refetch()}>{t('amazonConnections.retry')}</Button>
            }
          />
        )}
        <List
          loading={connections.isPending}
          dataSource={[...AMAZON_REGIONS]}
          renderItem={(region) => {
            const c = stateOf(region);
            const name = t(`amazonConnections.regions.${region.code}`);
            const connected = c?.status === 'connected';
            return (
              <List.Item
                data-testid={`amazon-region-${region.code}`}
                actions={[
                  <Select
                    key="marketplace"
                    value={homeOf(region)}
                    onChange={(code: RegionCode) => setHomes((h) => ({ ...h, [region.code]: code }))}
                    aria-label={t('amazonConnections.accountIn', { region: name })}
                    style={{ minWidth: 180 }}
                    options={region.countries.map((code) => ({
                      value: code,
                      title: regionName(code, i18n.language),
                      label: (
                        <span>
                          <Flag code={code} /> {regionName(code, i18n.language)}
                        </span>
                      ),
                    }))}
                  />,
                  <Button
                    key="connect"
                    type={connected ? 'default' : 'primary'}
                    loading={connect.isPending && connect.variables?.region === region.code}
                    onClick={() => void start(region)}
                    aria-label={t(
                      connected || c?.status === 'revoked'
                        ? 'amazonConnections.reconnectNamed'
                        : 'amazonConnections.connectNamed',
                      { region: name },
                    )}
                  >
                    {t(
                      connected || c?.status === 'revoked'
                        ? 'amazonConnections.reconnect'
                        : 'amazonConnections.connect',
                    )}
                  </Button>,
                  ...(c && c.status !== 'not_connected'
                    ? [
                        <Button
                          key="disconnect"
                          danger
                          onClick={() => confirmDisconnect(region)}
                          aria-label={t('amazonConnections.disconnectNamed', { region: name })}
                        >
                          {t('amazonConnections.disconnect')}
                        </Button>,
                      ]
                    : []),
                ]}
              >
                <List.Item.Meta
                  title={name}
                  description={
                    <Space wrap size="small">
                      {region.countries.map((code) => (
                        <Country key={code} code={code} />
                      ))}
                    </Space>
                  }
                />
                {status(c)}
              </List.Item>
            );
          }}
        />
      </Space>
    </Card>
  );
}
