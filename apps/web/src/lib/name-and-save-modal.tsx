import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from './error-message';
import { zodRules, type SchemaPick } from './zod-form';

export interface NameAndSaveModalProps {
  open: boolean;
  title: string;
  /** What will be saved, said above the name. */
  summary?: string;
  /** The one field asked for: its key in the schema `pick` checks, its label, hint and length. */
  field: { name: string; label: string; hint?: string; maxLength: number; pick: SchemaPick };
  successText: string;
  /** Saves under the name typed; a rejection's message is shown in the dialog, which stays open. */
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** A dialog that asks for a name, then saves something under it (a filter set, an inventory). */
export function NameAndSaveModal(props: NameAndSaveModalProps) {
  const { open, title, summary, field, successText, onSave, onClose } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, string>>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (values: Record<string, string>) => {
    setError(null);
    setSaving(true);
    try {
      await onSave(values[field.name] ?? '');
      void message.success(successText);
      form.resetFields();
      onClose();
    } catch (e) {
      setError(errorMessage(e, t));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      okText={t('common.save')}
      onOk={() => form.submit()}
      confirmLoading={saving}
      aria-label={title}
      destroyOnHidden
    >
      {summary && <Alert type="info" showIcon title={summary} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        style={summary ? { marginTop: 12 } : undefined}
        initialValues={{ [field.name]: '' }}
      >
        <Form.Item
          name={field.name}
          label={field.label}
          extra={field.hint}
          rules={zodRules(field.pick, field.name)}
        >
          <Input autoFocus maxLength={field.maxLength} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
