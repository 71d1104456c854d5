import { CheckCircleFilled } from '@ant-design/icons';
import { invoiceDisplay } from '@crossmarket/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { listPayments, payInvoice, type PaymentRow } from '../api/billing';

export function InvoicesTable() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const payments = useQuery({ queryKey: ['payments'], queryFn: listPayments });
  const [paying, setPaying] = useState<string | null>(null);
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });

  const pay = async (row: PaymentRow) => {
    setPaying(row.invoice_id);
    try {
      const res = await payInvoice(row.invoice_id);
      if (res.result) message.success(t('common.success'), 3);
      else message.error(res.msg, 4);
      await queryClient.invalidateQueries({ queryKey: ['payments'] });
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    } finally {
      setPaying(null);
    }
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
          render: (v: number) => money.format(v / 100),
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
