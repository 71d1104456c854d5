import type { PricingSettings } from '@crossmarket/domain';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { zodRules, type SchemaPick } from '../../../lib/zod-form';
import { useCreateInventory, useInventories } from '../../inventories';
import type { ReportDetail } from '../api/report';

const pickTitle: SchemaPick = (s) => s.inventoryFormSchema.pick({ title: true });

/** Load an inventory's settings (those selling to the report's country); asks before replacing. */
export function LoadInventorySettings({
  report,
  onLoad,
}: {
  report: ReportDetail;
  onLoad: (settings: PricingSettings) => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const inventories = useInventories(report.to_country);
  const choose = (id: string) => {
    const inventory = inventories.data?.find((i) => i.id === id);
    if (!inventory) return;
    modal.confirm({
      title: t('reportDetail.inventories.replaceTitle'),
      content: t('reportDetail.inventories.replaceBody', { title: inventory.title }),
      okText: t('common.yes'),
      cancelText: t('common.no'),
      onOk: () => onLoad(inventory.settings as PricingSettings),
    });
  };
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('reportDetail.inventories.load')}
      placeholder={t('reportDetail.inventories.load')}
      loading={inventories.isLoading}
      value={null}
      onChange={choose}
      notFoundContent={t('reportDetail.notFound')}
      options={inventories.data?.map((i) => ({ value: i.id, label: i.title }))}
      style={{ minWidth: 260 }}
    />
  );
}

/** Save as Inventory Settings: a title, then an inventory for the report's countries with these settings. */
export function SaveInventoryModal({
  report,
  settings,
  onClose,
}: {
  report: ReportDetail;
  /** The checked settings to save; null when closed. */
  settings: PricingSettings | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string }>();
  const create = useCreateInventory();
  const [error, setError] = useState<string | null>(null);
  const submit = async ({ title }: { title: string }) => {
    if (!settings) return;
    setError(null);
    try {
      await create.mutateAsync({
        title,
        sell_type: 'fbm',
        from_country: report.from_country,
        to_country: report.to_country,
        settings,
      });
      void message.success(t('reportDetail.inventories.created'));
      form.resetFields();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Modal
      title={t('reportDetail.inventories.saveTitle')}
      open={settings !== null}
      onCancel={onClose}
      okText={t('common.save')}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ title: '' }}>
        <Form.Item
          name="title"
          label={t('reportDetail.inventories.title')}
          rules={zodRules(pickTitle, 'title')}
        >
          <Input autoFocus maxLength={200} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
