import { EyeOutlined } from '@ant-design/icons';
import { regionByCode, WATCH_CONDITIONS, type RegionCode, type WatchCondition } from '@crossmarket/domain';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Form,
  InputNumber,
  List,
  Modal,
  Popconfirm,
  Radio,
  Typography,
} from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionName } from '../../../lib/country';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney, formatNumber } from '../../../lib/format-number';
import { loadSchemas, zodRules } from '../../../lib/zod-form';
import { useCreateWatch, useDeleteWatch, useWatches, type Watch } from '../api/watches';
import { conditionLabel, isPercent, thresholdConditions } from '../conditions';

interface Values {
  marketplace: RegionCode;
  asin: string;
  condition: WatchCondition;
  threshold?: number | null;
}

/** The conditions that need a threshold, from the domain's schema (its chunk arrives with the first form). */
function useThresholdConditions() {
  const [needs, setNeeds] = useState<Set<string> | null>(null);
  useEffect(() => {
    let live = true;
    void loadSchemas().then((s) => live && setNeeds(thresholdConditions(s)));
    return () => {
      live = false;
    };
  }, []);
  return needs;
}

/** A watch in words: where, what, and its threshold in the marketplace's currency (or a percentage). */
export function useDescribeWatch() {
  const { t, i18n } = useTranslation();
  return (w: Pick<Watch, 'marketplace' | 'condition' | 'threshold'>) => {
    const region = regionByCode(w.marketplace);
    const threshold =
      w.threshold == null
        ? ''
        : ` ${
            isPercent(w.condition)
              ? `${formatNumber(w.threshold, i18n.language, { maximumFractionDigits: 2 })} %`
              : formatMoney(w.threshold, region.currency.code, i18n.language)
          }`;
    return `${region.flag_code} · ${conditionLabel(t, w.condition)}${threshold}`;
  };
}

/** This product's watches, each with its removal (asked first). */
function ProductWatches({ watches }: { watches: Watch[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeleteWatch();
  const describe = useDescribeWatch();
  if (watches.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('watches.noneOnProduct')} />;
  return (
    <List
      size="small"
      bordered
      data-testid="product-watches"
      dataSource={watches}
      renderItem={(w) => (
        <List.Item
          data-testid="product-watch"
          actions={[
            <Popconfirm
              key="remove"
              title={t('watches.removeConfirm')}
              description={describe(w)}
              okText={t('common.yes')}
              cancelText={t('common.no')}
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(w.id);
                  void message.success(t('watches.removed'));
                } catch (error) {
                  void message.error(errorMessage(error, t));
                }
              }}
            >
              <Button size="small" danger aria-label={t('watches.removeOne', { watch: describe(w) })}>
                {t('watches.remove')}
              </Button>
            </Popconfirm>,
          ]}
        >
          {describe(w)}
        </List.Item>
      )}
    />
  );
}

/**
 * "Watch" beside a product's history (issue 49): the product's watches with their removal, and a form
 * for a new one — where (one of `marketplaces`, the first by default), a condition from the domain's
 * catalogue and, when the condition needs it, a threshold in that marketplace's currency — checked by
 * the schema the server checks it with.
 */
export function WatchControl({
  productId,
  marketplaces,
}: {
  productId: string;
  /** The marketplaces a watch may be set on, the source first (the drawer: buying, then selling). */
  marketplaces: readonly RegionCode[];
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const watches = useWatches();
  const create = useCreateWatch();
  const needs = useThresholdConditions();
  const listId = useId();
  const condition = Form.useWatch('condition', form);
  const marketplace = Form.useWatch('marketplace', form) ?? marketplaces[0]!;
  const mine = (watches.data?.watches ?? []).filter(
    (w) => w.asin === productId && marketplaces.includes(w.marketplace),
  );
  const used = watches.data?.watches.length ?? 0;
  const limit = watches.data?.limit;
  const full = limit !== undefined && used >= limit;
  const showThreshold = condition !== undefined && needs?.has(condition) === true;

  const close = () => {
    setOpen(false);
    setFailure(null);
    create.reset();
  };
  const submit = async (values: Values) => {
    setFailure(null);
    try {
      await create.mutateAsync({
        ...form.getFieldsValue(true),
        threshold: needs?.has(values.condition) ? values.threshold : null,
      } as Values);
      void message.success(t('watches.saved'));
      form.resetFields();
      close();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <>
      <Button icon={<EyeOutlined aria-hidden />} onClick={() => setOpen(true)} data-testid="watch-button">
        {mine.length > 0 ? t('watches.watching', { count: mine.length }) : t('watches.watch')}
      </Button>
      <Modal
        open={open}
        title={t('watches.title', { product: productId })}
        onCancel={close}
        onOk={() => form.submit()}
        okText={t('watches.save')}
        cancelText={t('watches.cancel')}
        okButtonProps={{ disabled: full || needs === null }}
        confirmLoading={create.isPending}
        destroyOnHidden
        data-testid="watch-modal"
      >
        <Flex vertical gap={12}>
          <section aria-labelledby={listId}>
            <Typography.Title level={5} id={listId}>
              {t('watches.onProduct')}
            </Typography.Title>
            {watches.isError ? (
              <Alert type="error" showIcon title={errorMessage(watches.error, t)} />
            ) : (
              <ProductWatches watches={mine} />
            )}
          </section>
          <Form<Values>
            form={form}
            name="watch"
            layout="vertical"
            onFinish={submit}
            initialValues={{
              marketplace: marketplaces[0],
              asin: productId,
              condition: WATCH_CONDITIONS[0],
              threshold: null,
            }}
            disabled={create.isPending || full}
          >
            {marketplaces.length > 1 && (
              <Form.Item name="marketplace" label={t('watches.marketplace')}>
                <Radio.Group
                  aria-label={t('watches.marketplace')}
                  options={marketplaces.map((m) => ({
                    value: m,
                    label: `${regionByCode(m).flag_code} · ${regionName(m, i18n.language)}`,
                  }))}
                />
              </Form.Item>
            )}
            <Form.Item
              name="condition"
              label={t('watches.condition')}
              rules={zodRules((s) => s.watchCreateSchema, 'condition')}
            >
              <Radio.Group
                aria-label={t('watches.condition')}
                style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
                options={WATCH_CONDITIONS.map((c) => ({ value: c, label: conditionLabel(t, c) }))}
              />
            </Form.Item>
            {showThreshold && (
              <Form.Item
                name="threshold"
                label={
                  isPercent(condition)
                    ? t('watches.thresholdPercent')
                    : t('watches.threshold', { currency: regionByCode(marketplace).currency.code })
                }
                rules={zodRules((s) => s.watchCreateSchema, 'threshold')}
              >
                <InputNumber
                  min={0}
                  step={0.01}
                  style={{ width: '100%' }}
                  suffix={isPercent(condition) ? '%' : regionByCode(marketplace).currency.code}
                />
              </Form.Item>
            )}
          </Form>
          {limit !== undefined && (
            <Typography.Text type={full ? 'danger' : 'secondary'} data-testid="watch-usage">
              {t(full ? 'watches.full' : 'watches.usage', { used, limit })}
            </Typography.Text>
          )}
          {failure && <Alert type="error" showIcon title={failure} role="alert" />}
        </Flex>
      </Modal>
    </>
  );
}
