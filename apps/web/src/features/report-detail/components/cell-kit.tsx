import { SIDE_STATUSES, type ProductSide } from '@crossmarket/domain';
import { Popover } from 'antd';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryInfo } from '../api/report';
import { moneyFormat, numberFormat, type MoneyFormat, type NumberFormat } from './money';

export interface Countries {
  from: CountryInfo;
  to: CountryInfo;
}

/** The status reason of an unavailable side (the specification's texts, and `noanswer`'s). */
export function statusReasonKey(status: ProductSide['status']) {
  return status !== 'ok' && SIDE_STATUSES.includes(status) ? `statusReason.${status}` : 'statusReason.other';
}

// A page of results repaints after every filter change: 50 rows of five cells. The cells are plain
// elements styled by index.css (`cm-*`, on antd's CSS variables) rather than antd components, whose
// style hooks, contexts and effects per instance made most of that time; the texts and formatters come
// from one context instead of a useTranslation per cell.

interface CellKit {
  /** i18next's `t`, each text kept once made: a page repeats the same labels hundreds of times. */
  t: (key: string, options?: Record<string, unknown>) => string;
  money: MoneyFormat;
  num: NumberFormat;
}

const CellKitContext = createContext<CellKit | null>(null);

/** The texts and formatters of the cells below, in the interface language. */
export function CellKitProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const kit = useMemo<CellKit>(() => {
    const texts = new Map<string, string>();
    const text = (key: string, options?: Record<string, unknown>) => {
      const id = options ? `${key}\u0000${JSON.stringify(options)}` : key;
      let made = texts.get(id);
      if (made === undefined) {
        if (texts.size >= 5000) texts.clear();
        made = String(options ? t(key, options) : t(key));
        texts.set(id, made);
      }
      return made;
    };
    const na = text('reportDetail.na');
    return { t: text, money: moneyFormat(lang, na), num: numberFormat(lang, na) };
  }, [t, lang]);
  return <CellKitContext.Provider value={kit}>{children}</CellKitContext.Provider>;
}

export function useCellKit() {
  const kit = useContext(CellKitContext);
  if (!kit) throw new Error('The result cells need a CellKitProvider above them');
  return kit;
}

export type TagColor = 'red' | 'orange' | 'blue' | 'gold' | 'cyan' | 'purple' | 'green' | 'neutral';

/** antd's filled Tag as a plain span (index.css `.cm-tag`). */
export function Tag({
  color,
  children,
  ...rest
}: {
  color: TagColor;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <span className={`cm-tag cm-tag-${color}`} {...rest}>
      {children}
    </span>
  );
}

/**
 * A small button that opens a popover on click. The Popover (a trigger, a portal and their effects) is
 * mounted on the first click only, open at once; a page of rows shows two of these per row.
 */
export function PopoverButton({
  label,
  content,
  className = 'cm-btn',
  testId,
}: {
  label: string;
  content: () => ReactNode;
  /** The button's look: a small button by default, a tag for a row's restriction. */
  className?: string;
  testId?: string;
}) {
  const [mounted, setMounted] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    // Mounting the Popover replaces the button: focus follows it (a keyboard user stays in place).
    if (mounted && refocus.current) ref.current?.focus();
  }, [mounted]);
  const button = (
    <button
      type="button"
      className={className}
      ref={ref}
      data-testid={testId}
      onClick={(e) => {
        if (mounted) return;
        refocus.current = document.activeElement === e.currentTarget;
        setMounted(true);
      }}
    >
      {label}
    </button>
  );
  if (!mounted) return button;
  return (
    <Popover trigger="click" defaultOpen title={label} content={content()}>
      {button}
    </Popover>
  );
}
