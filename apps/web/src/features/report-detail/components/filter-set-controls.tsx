import type { ActiveFilter } from '@crossmarket/domain';
import { decodeFilters } from '@crossmarket/domain';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { zodRules } from '../../../lib/zod-form';
import { useCreateFilterSet, useFilterSets } from '../../filter-sets';

/** Load a Filter Set: searchable, name and filter count; asks before replacing the current filters. */
export function LoadFilterSet({ onLoad }: { onLoad: (filters: ActiveFilter[]) => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const sets = useFilterSets();
  const choose = (id: string) => {
    const set = sets.data?.find((s) => s.id === id);
    if (!set) return;
    modal.confirm({
      title: t('reportDetail.filterSets.replaceTitle'),
      content: t('reportDetail.filterSets.replaceBody', { name: set.name }),
      okText: t('common.yes'),
      cancelText: t('common.no'),
      onOk: () => {
        try {
          onLoad(decodeFilters(set.content));
        } catch {
          void message.error(t('validation.filters.malformed'));
        }
      },
    });
  };
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('reportDetail.filterSets.load')}
      placeholder={t('reportDetail.filterSets.load')}
      loading={sets.isLoading}
      value={null}
      onChange={choose}
      notFoundContent={t('reportDetail.notFound')}
      options={sets.data?.map((s) => ({
        value: s.id,
        label: `${s.name} (${t('reportDetail.filterSets.count', { count: s.filters_count })})`,
      }))}
      style={{ width: '100%' }}
      data-testid="load-filter-set"
    />
  );
}

/** The Save New Filter Set dialog: the count of what will be saved and a name. */
export function SaveFilterSetModal({
  pending,
  onClose,
}: {
  /** The encoded filters to save and how many they are; null when closed. */
  pending: { content: string; count: number } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; content: string }>();
  const create = useCreateFilterSet();
  const [error, setError] = useState<string | null>(null);
  const submit = async ({ name }: { name: string }) => {
    if (!pending) return;
    setError(null);
    try {
      await create.mutateAsync({ name, content: pending.content });
      void message.success(t('reportDetail.filterSets.created'));
      form.resetFields();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Modal
      title={t('reportDetail.filterSets.saveTitle')}
      open={pending !== null}
      onCancel={onClose}
      okText={t('common.save')}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      aria-label={t('reportDetail.filterSets.saveTitle')}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        title={t('reportDetail.filterSets.willSave', { count: pending?.count ?? 0 })}
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        style={{ marginTop: 12 }}
        initialValues={{ name: '', content: pending?.content }}
      >
        <Form.Item name="content" hidden>
          <Input />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('reportDetail.filterSets.name')}
          extra={t('reportDetail.filterSets.nameHint')}
          rules={zodRules((s) => s.filterSetCreateSchema, 'name')}
        >
          <Input autoFocus maxLength={100} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
