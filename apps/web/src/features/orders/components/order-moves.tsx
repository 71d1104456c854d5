import type { OrderSellerMove } from '@crossmarket/domain';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { zodRules, type SchemaPick } from '../../../lib/zod-form';
import { useMoveOrder } from '../api/orders';

const pick: SchemaPick = (s) => s.orderTransitionRequestSchema;

/** A move the seller makes by hand (start buying, at the forwarder, delivered), kept in the history. */
export function MoveButton({
  orderId,
  to,
  primary,
}: {
  orderId: string;
  to: Exclude<OrderSellerMove, 'problem'>;
  primary?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const move = useMoveOrder(orderId);
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      loading={move.isPending}
      data-testid={`move-${to}`}
      onClick={() =>
        move
          .mutateAsync({ to })
          .then(() => void message.success(t('ordersPage.moves.done', { state: t(`orders.states.${to}`) })))
          .catch((error: unknown) => void message.error(errorMessage(error, t)))
      }
    >
      {t(`orders.move.${to}`)}
    </Button>
  );
}

/** Flags the order as a problem with the seller's note: it waits on them, and the sidebar counts it. */
export function FlagProblem({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ to: 'problem'; note: string }>();
  const move = useMoveOrder(orderId);
  const close = () => {
    setOpen(false);
    move.reset();
  };
  const submit = async (values: { note: string }) => {
    try {
      await move.mutateAsync({ to: 'problem', note: values.note.trim() || null });
      void message.success(t('ordersPage.moves.flagged'));
      form.resetFields();
      close();
    } catch {
      // Said in the dialog.
    }
  };
  return (
    <>
      <Button danger onClick={() => setOpen(true)} data-testid="flag-problem">
        {t('orders.move.problem')}
      </Button>
      <Modal
        open={open}
        title={t('ordersPage.moves.flagTitle')}
        onCancel={close}
        onOk={() => form.submit()}
        okText={t('orders.move.problem')}
        cancelText={t('ordersPage.cancel')}
        confirmLoading={move.isPending}
        destroyOnHidden
      >
        <Form
          form={form}
          name={`flag-${orderId}`}
          layout="vertical"
          initialValues={{ to: 'problem', note: '' }}
          onFinish={submit}
        >
          <Form.Item name="note" label={t('ordersPage.moves.note')} rules={zodRules(pick, 'note')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
          </Form.Item>
        </Form>
        {move.isError && <Alert type="error" showIcon title={errorMessage(move.error, t)} />}
      </Modal>
    </>
  );
}
