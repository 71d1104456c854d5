import type { ProductSellers } from '@crossmarket/domain';
import { Flex, Table, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AssumedMark, RuleSource } from '../../lanes';
import { useMoney, type MoneyFormat } from './money';

type Lines = NonNullable<ProductSellers['money']['buybox']>;
type Line = Lines[number];
type Side = 'buybox' | 'std';

/** Sums and the price stand alone; what Amazon keeps back and the conversion come off the payout. */
const TOTALS = new Set<Line['key']>(['sale_price', 'payout', 'landed_cost', 'profit']);
const DEDUCTIONS = new Set<Line['key']>([
  'tax_kept_by_amazon',
  'referral_fee',
  'closing_fee',
  'digital_services_fee',
  'tax_on_fees',
  'conversion_fee',
]);

interface Row {
  key: Line['key'];
  buybox: Line | undefined;
  std: Line | undefined;
}

function Amount({ line, money }: { line: Line | undefined; money: MoneyFormat }) {
  const { t } = useTranslation();
  if (!line) return <Typography.Text type="secondary">{t('reportDetail.na')}</Typography.Text>;
  const shown = DEDUCTIONS.has(line.key) && line.amount > 0 ? `−${money(line.amount, line.currency)}` : null;
  return (
    <Flex vertical align="end" gap={2}>
      <Typography.Text strong={TOTALS.has(line.key)} data-testid={`money-${line.key}`}>
        {shown ?? money(line.amount, line.currency)}
      </Typography.Text>
      {line.paid && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('reportDetail.money.paid', { amount: money(line.paid.amount, line.paid.currency) })}
        </Typography.Text>
      )}
      {line.assumed && <AssumedMark />}
    </Flex>
  );
}

/** The rule behind a line; both when the two prices fall under different rules (a threshold between them). */
function Rules({ row }: { row: Row }) {
  const rules = [...new Set([row.buybox?.rule ?? null, row.std?.rule ?? null].filter((r) => r !== null))];
  return (
    <Flex vertical gap={2}>
      {rules.map((rule) => (
        <RuleSource key={rule} rule={rule} />
      ))}
    </Flex>
  );
}

/**
 * "From price to profit" (issue 45): every line of the money model at the buy-box price and at the
 * standard price, as the offers answer carries them, each with its rule and source and a mark in words
 * on what rests on an assumption. Figures are in the selling currency, unless a line says what was paid.
 */
export function MoneyBreakdown({ money: answer }: { money: ProductSellers['money'] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const headingId = useId();
  const { buybox, std } = answer;
  const keys = (buybox ?? std)?.map((l) => l.key) ?? [];
  const rows: Row[] = keys.map((key) => ({
    key,
    buybox: buybox?.find((l) => l.key === key),
    std: std?.find((l) => l.key === key),
  }));
  const priceOf = (lines: Lines | null) => {
    const sale = lines?.find((l) => l.key === 'sale_price');
    return sale ? money(sale.amount, sale.currency) : t('reportDetail.na');
  };
  const column = (side: Side, lines: Lines | null) => ({
    key: side,
    align: 'right' as const,
    title: t(side === 'buybox' ? 'reportDetail.money.atBuybox' : 'reportDetail.money.atStd', {
      price: priceOf(lines),
    }),
    render: (_: unknown, row: Row) => <Amount line={row[side]} money={money} />,
  });

  return (
    <section aria-labelledby={headingId} data-testid="money-breakdown">
      <Typography.Title level={5} id={headingId}>
        {t('reportDetail.money.title')}
      </Typography.Title>
      {rows.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('reportDetail.money.none')}</Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('reportDetail.money.intro')}</Typography.Paragraph>
          <Table<Row>
            size="small"
            bordered
            pagination={false}
            rowKey="key"
            dataSource={rows}
            onRow={(row) => ({ 'data-testid': `money-line-${row.key}` }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              {
                key: 'line',
                title: t('reportDetail.money.line'),
                render: (_, row) => (
                  <Flex vertical gap={2}>
                    <Typography.Text strong={TOTALS.has(row.key)}>
                      {t(`reportDetail.money.lines.${row.key}`)}
                    </Typography.Text>
                    <Rules row={row} />
                  </Flex>
                ),
              },
              column('buybox', buybox),
              column('std', std),
            ]}
          />
        </>
      )}
    </section>
  );
}
