import { App, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useChooseShippingTemplate, useShippingTemplates } from '../api/listings';

/** Amazon's default template: the value the select shows for "none chosen". */
const DEFAULT = '';

/**
 * The shipping template the inventory's offers carry, chosen from the seller's own templates in the
 * selling marketplace (Amazon's default when none). Applies from the next publish.
 */
export function ShippingTemplateSelect({ inventoryId }: { inventoryId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const templates = useShippingTemplates(inventoryId);
  const choose = useChooseShippingTemplate(inventoryId);
  if (templates.isError) {
    return (
      <Typography.Text type="secondary">
        {t('listings.shipping.unavailable', { reason: errorMessage(templates.error, t) })}
      </Typography.Text>
    );
  }
  const pick = async (value: string) => {
    try {
      await choose.mutateAsync(value === DEFAULT ? null : value);
      void message.success(t('listings.shipping.saved'));
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };
  return (
    <Space>
      <label htmlFor="listings-shipping-template">{t('listings.shipping.label')}</label>
      <Select
        id="listings-shipping-template"
        style={{ minWidth: 220 }}
        loading={templates.isLoading || choose.isPending}
        disabled={templates.isLoading || choose.isPending}
        value={templates.data ? (templates.data.selected ?? DEFAULT) : undefined}
        onChange={(value: string) => void pick(value)}
        options={[
          { value: DEFAULT, label: t('listings.shipping.default') },
          ...(templates.data?.templates ?? []).map((x) => ({ value: x.id, label: x.name })),
        ]}
      />
    </Space>
  );
}
