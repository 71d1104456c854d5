import { domainMessage, regionByCode, type RegionCode, type WatchCondition } from '@crossmarket/domain';
import type { Mail } from '../../providers/mail/transport';
import { escapeHtml, page, type MailLanguage } from './templates';

export interface WatchMailAlert {
  condition: WatchCondition;
  /** What the observation saw, in `currency`; null where the condition has no price. */
  price: number | null;
  currency: string;
  /** The watch's own threshold, in `currency` (a percentage for profit). */
  threshold: number | null;
  profitPercent?: number | null;
  /** A restriction alert's new state (`watches.restriction.*`). */
  restriction?: string | null;
  /** A whole inventory's alert: how many of its products sold out at the source today. */
  productCount?: number | null;
  /** An order's notice (issue 60: `orders.notices.*`), with its order and ship-by date. */
  notice?: string | null;
  order?: string | null;
  shipBy?: string | null;
}

export interface WatchMailProduct {
  marketplace: RegionCode;
  /** Null for a whole inventory (`inventory`: its title). */
  asin: string | null;
  inventory?: string | null;
  /** A whole inventory's id: its page in the app is the alert's. */
  inventoryId?: string | null;
  /** An order's notices (issue 60): its Amazon order id and our id (its drawer in the app). */
  order?: { id: string; amazonOrderId: string } | null;
  alerts: WatchMailAlert[];
}

const COPY: Record<
  MailLanguage,
  {
    instant: (asin: string) => string;
    daily: (n: number) => string;
    intro: string;
    seen: string;
    inApp: string;
    outro: string;
  }
> = {
  en: {
    instant: (asin) => `Crossmarket alert: ${asin}`,
    daily: (n) => `Crossmarket: today's alerts on ${n} watched ${n === 1 ? 'product' : 'products'}`,
    intro: 'Products you watch have moved:',
    seen: 'seen',
    inApp: 'Open in Crossmarket',
    outro:
      'Your notifications and watches are under the bell in the header of Crossmarket. You can change these e-mails there, or turn them off.',
  },
  tr: {
    instant: (asin) => `Crossmarket uyarısı: ${asin}`,
    daily: (n) => `Crossmarket: izlediğiniz ${n} üründe bugünün uyarıları`,
    intro: 'İzlediğiniz ürünlerde değişiklik var:',
    seen: 'görülen',
    inApp: "Crossmarket'te aç",
    outro:
      "Bildirimleriniz ve izledikleriniz Crossmarket'in üst çubuğundaki zil simgesinin altındadır. Bu e-postaları oradan değiştirebilir ya da kapatabilirsiniz.",
  },
};

const money = (lang: MailLanguage, amount: number, currency: string) =>
  new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-US', { style: 'currency', currency }).format(amount);

/** The product's page on its own marketplace: the link opens the product where it is sold. */
export const productUrl = (marketplace: RegionCode, asin: string) =>
  `https://www.${regionByCode(marketplace).domain}/dp/${encodeURIComponent(asin)}`;

function alertLine(lang: MailLanguage, a: WatchMailAlert): string {
  if (a.notice)
    return domainMessage(lang, `orders.notices.${a.notice}`, {
      order: a.order ?? '',
      ship_by: a.shipBy ? new Date(a.shipBy).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '',
    });
  if (a.productCount != null)
    return domainMessage(lang, 'watches.inventorySoldOut', { count: a.productCount });
  const percent = (n: number) => `${new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-US').format(n)} %`;
  const threshold =
    a.threshold == null
      ? ''
      : a.condition === 'profit_at_or_above'
        ? percent(a.threshold)
        : money(lang, a.threshold, a.currency);
  const name = domainMessage(lang, `watches.conditions.${a.condition}`, { threshold });
  const seen =
    a.price != null
      ? money(lang, a.price, a.currency)
      : a.profitPercent != null
        ? percent(a.profitPercent)
        : a.restriction
          ? domainMessage(lang, `watches.restriction.${a.restriction}`)
          : null;
  return seen == null ? name : `${name} (${COPY[lang].seen}: ${seen})`;
}

/**
 * A watches mail in the seller's language: one product (`instant`) or every product of the day (`daily`),
 * each with its alerts, a link to the product's page in its marketplace and, given the app's address
 * (APP_URL), one to the alert in Crossmarket (its notifications, or the inventory sold out).
 */
export function renderWatchMail(
  lang: MailLanguage,
  to: string,
  kind: 'instant' | 'daily',
  products: readonly WatchMailProduct[],
  appUrl?: string,
): Mail {
  const c = COPY[lang];
  const first = products[0]!;
  const subject =
    kind === 'instant'
      ? c.instant(first.order?.amazonOrderId ?? first.asin ?? first.inventory ?? '')
      : c.daily(products.length);
  const blocks = products.map((p) => ({
    title: `${p.order?.amazonOrderId ?? p.asin ?? p.inventory ?? ''} · ${regionByCode(p.marketplace).name}`,
    // A whole inventory has no one page: the mail names it. An order's page is in Seller Central and ours.
    url: p.asin ? productUrl(p.marketplace, p.asin) : null,
    app: appUrl
      ? new URL(
          p.order
            ? `/orders?order=${p.order.id}`
            : !p.asin && p.inventoryId
              ? `/inventories/${p.inventoryId}`
              : '/notifications',
          appUrl,
        ).href
      : null,
    lines: p.alerts.map((a) => alertLine(lang, a)),
  }));
  const text = `${c.intro}\n\n${blocks
    .map(
      (b) =>
        `${b.title}\n${b.lines.map((l) => `- ${l}`).join('\n')}${b.url ? `\n${b.url}` : ''}${
          b.app ? `\n${c.inApp}: ${b.app}` : ''
        }`,
    )
    .join('\n\n')}\n\n${c.outro}\n\nCrossmarket`;
  const html = page(
    lang,
    `<p>${escapeHtml(c.intro)}</p>
${blocks
  .map(
    (b) => `<p style="margin:16px 0 4px">${
      b.url
        ? `<a href="${escapeHtml(b.url)}"><b>${escapeHtml(b.title)}</b></a>`
        : `<b>${escapeHtml(b.title)}</b>`
    }</p>
<ul style="margin:0;padding-left:20px">${b.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>${
      b.app ? `<p style="margin:4px 0"><a href="${escapeHtml(b.app)}">${escapeHtml(c.inApp)}</a></p>` : ''
    }`,
  )
  .join('\n')}
<p style="font-size:13px;color:#595959;margin-top:24px">${escapeHtml(c.outro)}</p>`,
  );
  return { to, subject, text, html };
}
