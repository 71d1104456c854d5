import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import type { ResultRowView } from '../api/filter-results';
import { useLookUp } from '../api/lookup';
import { PopoverButton, useCellKit, type Countries } from './cell-kit';

/** A side not looked up because the seller cannot list the product there (restrictions first). */
export const notLookedUp = (row: ResultRowView) =>
  row.row_cross.status === 'unlisted' || row.row_to.status === 'unlisted';

/** What the quick check costs, the button that spends it, and Amazon's answer once it comes. */
function LookUpDetails({
  productId,
  reportId,
  settingsDefined,
  countries,
}: {
  productId: string;
  reportId: string;
  settingsDefined: boolean;
  countries: Countries;
}) {
  const { t } = useTranslation();
  const { money, num } = useCellKit();
  const lookUp = useLookUp();
  const result = lookUp.data;
  const fbm = result?.row.fbm;
  const from = countries.from.currency.code;
  const to = countries.to.currency.code;
  return (
    <Flex vertical gap={8} style={{ maxWidth: 320 }} data-testid="look-up-details">
      <Typography.Text>{t('reportDetail.lookUp.explain')}</Typography.Text>
      {!result && (
        <Button
          size="small"
          type="primary"
          loading={lookUp.isPending}
          onClick={() =>
            lookUp.mutate({
              product_id: productId,
              from_country: countries.from.code,
              to_country: countries.to.code,
              report_id: reportId,
            })
          }
        >
          {t('reportDetail.lookUp.now')}
        </Button>
      )}
      {lookUp.error && (
        <Typography.Text type="danger" role="alert">
          {errorMessage(lookUp.error, t)}
        </Typography.Text>
      )}
      {result && fbm && (
        <div role="status">
          <dl className="cm-look-up" data-testid="look-up-result">
            <dt>{t('reportDetail.lookUp.buyPrice')}</dt>
            <dd>{money(fbm.buy_price, from)}</dd>
            <dt>{t('reportDetail.lookUp.sellPrice')}</dt>
            <dd>{money(fbm.sell_price.buybox, to)}</dd>
            <dt>{t('reportDetail.row.profit')}</dt>
            <dd>{money(fbm.profit_amount.buybox, to)}</dd>
            <dt>{t('reportDetail.lookUp.ppr')}</dt>
            <dd>{fbm.profit_percent.buybox === null ? num(null) : `${num(fbm.profit_percent.buybox)} %`}</dd>
          </dl>
          <Typography.Text type="secondary">
            {t(
              settingsDefined
                ? 'reportDetail.lookUp.pricedWithReport'
                : 'reportDetail.lookUp.pricedWithDefaults',
            )}{' '}
            {t('reportDetail.lookUp.left', { count: result.remaining })}
          </Typography.Text>
        </div>
      )}
    </Flex>
  );
}

/**
 * "Look up" on a row whose offers were not asked for because its seller cannot list it: the quick check
 * on request, in a popover mounted on the first click (as the row's other popovers).
 */
export function LookUpButton({
  row,
  reportId,
  settingsDefined,
  countries,
}: {
  row: ResultRowView;
  reportId: string;
  /** The report has saved settings: a check is priced with them (else with the defaults, and says so). */
  settingsDefined: boolean;
  countries: Countries;
}) {
  const { t } = useCellKit();
  return (
    <PopoverButton
      label={t('reportDetail.lookUp.button')}
      testId="look-up"
      content={() => (
        <LookUpDetails
          productId={row.product_id}
          reportId={reportId}
          settingsDefined={settingsDefined}
          countries={countries}
        />
      )}
    />
  );
}
