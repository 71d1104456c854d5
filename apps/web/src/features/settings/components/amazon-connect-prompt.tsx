import {
  AMAZON_REGIONS,
  amazonRegionOfCountry,
  isRegionCode,
  type AmazonConnection,
} from '@crossmarket/domain';
import { Alert } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { regionName } from '../../../lib/country';
import { useAmazonConnections } from '../api/amazon-connections';

/** Where a seller connects a region: Settings → Amazon account. */
export function ConnectAmazonLink() {
  const { t } = useTranslation();
  return <Link to="/settings/amazon">{t('amazonConnections.connectInSettings')}</Link>;
}

/**
 * Asks the seller to connect the regions of `countries` (every region when none are given) that this
 * deployment looks up only under the seller's own authorisation and that are not connected; a region whose
 * authorisation Amazon revoked is said as such, needed or not (its lookups moved to the shared one or
 * stopped). Nothing while the connections load or fail: the server refuses such a report anyway, this
 * only says so sooner.
 */
export function AmazonConnectPrompt({
  countries,
  style,
}: {
  countries?: readonly unknown[];
  style?: CSSProperties;
}) {
  const { t, i18n } = useTranslation();
  const connections = useAmazonConnections();
  if (!connections.isSuccess) return null;
  const wanted = countries && new Set(countries.filter(isRegionCode).map(amazonRegionOfCountry));
  const regionsWhere = (test: (c: AmazonConnection) => boolean) =>
    AMAZON_REGIONS.filter(
      (region) =>
        (!wanted || wanted.has(region.code)) &&
        connections.data.some((c) => c.region === region.code && test(c)),
    );
  const revoked = regionsWhere((c) => c.status === 'revoked');
  const missing = regionsWhere((c) => c.required && c.status === 'not_connected');
  const names = (regions: typeof missing) =>
    new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
      regions.map((region) => t(`amazonConnections.regions.${region.code}`)),
    );
  if (revoked.length === 0 && missing.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      // Polite: in the drawer it appears as the seller picks a country, and must not interrupt them.
      role="status"
      title={
        revoked.length > 0
          ? t('amazonConnections.revokedPrompt', { region: names(revoked) })
          : t('amazonConnections.prompt', { region: names(missing) })
      }
      action={<ConnectAmazonLink />}
      style={style}
      data-testid="amazon-connect-prompt"
    />
  );
}

/**
 * Says when the seller's own account for the selling country's region is not registered there (Amazon's
 * marketplace participations, read at connect time): they could not list what the report finds.
 */
export function NotSellingPrompt({ country, style }: { country: unknown; style?: CSSProperties }) {
  const { t, i18n } = useTranslation();
  const connections = useAmazonConnections();
  if (!connections.isSuccess || !isRegionCode(country)) return null;
  const own = connections.data.find((c) => c.region === amazonRegionOfCountry(country));
  if (own?.status !== 'connected' || !own.not_selling_in.includes(country)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      title={t('amazonConnections.notSellingIn', { country: regionName(country, i18n.language) })}
      style={style}
      data-testid="amazon-not-selling"
    />
  );
}
