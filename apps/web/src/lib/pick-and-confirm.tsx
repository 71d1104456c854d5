import { App, Select } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

export interface PickAndConfirmProps<T, V> {
  /** The control's name, read by screen readers and shown as its placeholder. */
  label: string;
  testId: string;
  items: readonly T[] | undefined;
  loading: boolean;
  option: (item: T) => { value: string; label: string };
  notFound: string;
  /** The question asked before what is on screen is replaced. */
  confirm: (item: T) => { title: string; content: string };
  /**
   * What the chosen item holds, in the form `onLoad` takes. Saved content is read, never cast: it was
   * written by an older version or another tab, so it throws (or rejects) when it cannot be read.
   */
  read: (item: T) => V | Promise<V>;
  /** Shown when `read` fails; nothing is replaced then. */
  unreadable: string;
  onLoad: (value: V) => void;
  style?: CSSProperties;
}

/**
 * A searchable pick of something saved (a filter set, an inventory's settings) that asks before it
 * replaces what is on screen. It holds no choice of its own: each pick starts from the placeholder.
 */
export function PickAndConfirm<T, V>(props: PickAndConfirmProps<T, V>) {
  const { label, testId, items, loading, option, notFound, confirm, read, unreadable, onLoad } = props;
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const failed = () => void message.error(unreadable);
  const choose = (id: string) => {
    const item = items?.find((i) => option(i).value === id);
    if (!item) return;
    modal.confirm({
      ...confirm(item),
      okText: t('common.yes'),
      cancelText: t('common.no'),
      onOk: () => {
        let value: V | Promise<V>;
        try {
          value = read(item);
        } catch {
          return failed();
        }
        // A read that must wait (the schemas' chunk) keeps the dialog busy until it is done.
        if (value instanceof Promise) return value.then(onLoad, failed);
        onLoad(value);
      },
    });
  };
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={label}
      placeholder={label}
      loading={loading}
      value={null}
      onChange={choose}
      notFoundContent={notFound}
      options={items?.map(option)}
      style={props.style ?? { width: '100%' }}
      data-testid={testId}
    />
  );
}
