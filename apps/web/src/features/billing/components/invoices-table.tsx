import { CheckCircleFilled } from '@ant-design/icons';
import { invoiceDisplay } from '@crossmarket/domain';
import { App, Button, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { formatMoney } from '../../../lib/format-number';
import type { PaymentRow } from '../api/billing';
import { usePayInvoice, usePayments } from '../api/payments';

export function InvoicesTable() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const payments = usePayments();
  const payInvoice = usePayInvoice();
  const paying = payInvoice.isPending ? payInvoice.variables : null;

  const pay = async (row: PaymentRow) => {
    const res = await payInvoice.mutateAsync(row.invoice_id);
    if (res.result) message.success(t('common.success'), 3);
    else message.error(res.msg, 4);
  };

  return (
    <Table<PaymentRow>
      rowKey="id"
      size="small"
      // At phone widths the table scrolls inside its card, not the page.
      scroll={{ x: 'max-content' }}
      loading={payments.isPending}
      dataSource={payments.data ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: t('billing.invoices.empty') }}
      columns={[
        {
          title: t('billing.invoices.date'),
          dataIndex: 'created_at',
          render: (v: string) => dayjs(v).tz().format('L'),
        },
        {
          title: t('billing.invoices.number'),
          dataIndex: 'invoice_number',
          render: (v: string | null) => v ?? '—',
        },
        {
          title: t('billing.invoices.amount'),
          dataIndex: 'amount',
          render: (v: number) => formatMoney(v / 100, 'USD', i18n.language),
        },
        {
          title: t('billing.invoices.status'),
          render: (_, row) => {
            const d = invoiceDisplay(row);
            return d.label === 'paid' ? (
              <Space>
                <CheckCircleFilled style={{ color: '#52c41a' }} />
                {t('billing.invoices.paid')}
              </Space>
            ) : (
              <Tag color={d.label === 'open' ? 'orange' : 'red'}>{t(`billing.invoices.${d.label}`)}</Tag>
            );
          },
        },
        {
          title: '',
          render: (_, row) => {
            const d = invoiceDisplay(row);
            return (
              <Space>
                {d.payNow && (
                  <Button
                    size="small"
                    type="primary"
                    loading={paying === row.invoice_id}
                    onClick={() => void pay(row)}
                  >
                    {t('billing.invoices.payNow')}
                  </Button>
                )}
                {d.view && (
                  <a href={row.invoice_pdf!} target="_blank" rel="noreferrer">
                    {t('billing.invoices.view')}
                  </a>
                )}
              </Space>
            );
          },
        },
      ]}
    />
  );
}
