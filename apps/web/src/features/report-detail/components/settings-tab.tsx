import { defaultReportSettings, type Settings } from '@crossmarket/domain';
import { App, Button, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { LoadInventorySettings, SaveInventoryModal } from '../../inventories';
import { clearChangedErrors, replaceSettings, SettingsFields } from '../../pricing-settings';
import type { ReportDetail } from '../api/report';
import { useSaveSettings } from '../api/settings';

/**
 * The report's settings: general fields and the pricing rules, checked on submit by the schema the
 * server uses; a field's message goes as soon as that field changes. Applying saves the settings, then
 * the table is fetched again with the current filters.
 */
export function SettingsTab({ report, onApplied }: { report: ReportDetail; onApplied: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  // Untyped: fields are addressed by computed paths (pricing_rules.3.min_rate).
  const [form] = Form.useForm();
  const save = useSaveSettings(report.id);
  const [saving, setSaving] = useState<Settings | null>(null);
  const defaults = () => defaultReportSettings(report.parity);

  const apply = async () => {
    let values: Settings;
    try {
      values = (await form.validateFields({ recursive: true })) as Settings;
    } catch {
      return;
    }
    try {
      await save.mutateAsync(values);
      void message.success(t('reportDetail.settings.saved'));
      onApplied();
    } catch (error) {
      console.error('Saving settings failed', error);
      // A refusal that names fields (the server checks the same schema) shows on those fields too.
      if (error instanceof ApiError && error.fields.length > 0) {
        form.setFields(
          error.fields.map((f) => ({
            name: f.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
            errors: [t(f.key, f.params ?? {})],
          })),
        );
      }
      void message.error(t('validation.analysis.failed'));
    }
  };
  const saveAsInventory = async () => {
    try {
      setSaving((await form.validateFields({ recursive: true })) as Settings);
    } catch {
      // The form shows what to fix.
    }
  };
  const replace = (values: Partial<Settings>) => replaceSettings(form, values);
  const confirm = (title: string, content: string, onOk: () => void) =>
    modal.confirm({ title, content, okText: t('common.yes'), cancelText: t('common.no'), onOk });
  const reset = () =>
    confirm(t('reportDetail.settings.resetTitle'), t('reportDetail.settings.resetBody'), () =>
      replace(defaults()),
    );

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={report.settings ?? defaults()}
      validateTrigger={[]}
      onValuesChange={clearChangedErrors(form)}
      onFinish={apply}
      data-testid="settings-form"
    >
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <LoadInventorySettings toCountry={report.to_country} onLoad={replace} />
      </Flex>
      <SettingsFields form={form} autoParity={report.parity} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }} data-testid="reprice-note">
        {t('reportDetail.lane.repriceNote')}
      </Typography.Paragraph>
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('reportDetail.settings.apply')}
        </Button>
        <Button onClick={reset}>{t('reportDetail.settings.reset')}</Button>
        <Button onClick={() => void saveAsInventory()}>{t('reportDetail.inventories.save')}</Button>
      </Flex>
      <SaveInventoryModal
        fromCountry={report.from_country}
        toCountry={report.to_country}
        settings={saving}
        onClose={() => setSaving(null)}
      />
    </Form>
  );
}
