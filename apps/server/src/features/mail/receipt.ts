import { APP_TIMEZONE } from '@crossmarket/domain';
import type { Mail } from '../../providers/mail/transport';
import { escapeHtml, page, type MailLanguage } from './templates';

export interface ReceiptFacts {
  planName: string;
  amountCents: number;
  invoiceNumber: string | null;
  /** When the subscription renews (or ends, without autopay); null when unknown. */
  renewsAt: Date | null;
}

const COPY: Record<
  MailLanguage,
  {
    subject: (plan: string) => string;
    intro: (plan: string) => string;
    amount: string;
    invoice: string;
    renews: string;
    outro: string;
  }
> = {
  en: {
    subject: (plan) => `Your Crossmarket receipt: ${plan} plan`,
    intro: (plan) => `Thank you. We received your payment for the ${plan} plan; your subscription is active.`,
    amount: 'Amount paid',
    invoice: 'Invoice',
    renews: 'Next renewal',
    outro: 'Your invoices, as PDF, are in Settings → Billing.',
  },
  tr: {
    subject: (plan) => `Crossmarket makbuzunuz: ${plan} planı`,
    intro: (plan) => `Teşekkürler. ${plan} planı için ödemenizi aldık; aboneliğiniz etkin.`,
    amount: 'Ödenen tutar',
    invoice: 'Fatura',
    renews: 'Sonraki yenileme',
    outro: 'Faturalarınız PDF olarak Ayarlar → Faturalandırma sayfasındadır.',
  },
};

/** The moment in the app's time zone (the mail cannot know the reader's), the zone named. */
function when(date: Date, lang: MailLanguage) {
  return new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-US', {
    timeZone: APP_TIMEZONE,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** The mail after a paid subscription invoice, in the user's communication language. */
export function renderReceipt(lang: MailLanguage, to: string, facts: ReceiptFacts): Mail {
  const c = COPY[lang];
  const rows: [string, string][] = [
    [c.amount, `$${(facts.amountCents / 100).toFixed(2)} (USD)`],
    ...(facts.invoiceNumber ? [[c.invoice, facts.invoiceNumber] as [string, string]] : []),
    ...(facts.renewsAt ? [[c.renews, when(facts.renewsAt, lang)] as [string, string]] : []),
  ];
  const intro = c.intro(facts.planName);
  const text = `${intro}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${c.outro}\n\nCrossmarket`;
  const table = rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:2px 12px 2px 0">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const html = page(
    lang,
    `<p>${escapeHtml(intro)}</p><table style="font-size:14px">${table}</table><p>${escapeHtml(c.outro)}</p>`,
  );
  return { to, subject: c.subject(facts.planName), text, html };
}
