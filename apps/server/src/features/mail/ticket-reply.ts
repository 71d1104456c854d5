import type { Mail } from '../../providers/mail/transport';
import { escapeHtml, page, type MailLanguage } from './templates';

const COPY: Record<MailLanguage, { subject: string; intro: string; outro: string }> = {
  en: {
    subject: 'Crossmarket support answered your ticket',
    intro: 'Crossmarket support answered your ticket:',
    outro: 'You can read the whole conversation and answer on the support page, under My tickets.',
  },
  tr: {
    subject: 'Crossmarket destek ekibi talebinizi yanıtladı',
    intro: 'Crossmarket destek ekibi talebinizi yanıtladı:',
    outro: 'Yazışmanın tamamını destek sayfasında, Taleplerim bölümünde okuyup yanıtlayabilirsiniz.',
  },
};

/** An operator's reply, to the seller in their language; the reply itself only ever escaped in HTML. */
export function renderTicketReply(
  lang: MailLanguage,
  to: string,
  ticketId: string,
  message: string,
  url: string,
): Mail {
  const c = COPY[lang];
  const reference = `#${ticketId.split('-')[0]}`;
  return {
    to,
    subject: `${c.subject} ${reference}`,
    text: `${c.intro}\n\n${message}\n\n${c.outro}\n${url}\n\nCrossmarket`,
    html: page(
      lang,
      `<p>${escapeHtml(c.intro)}</p>
<div style="white-space:pre-wrap;border-left:3px solid #d9d9d9;padding:8px 12px;margin:16px 0">${escapeHtml(message)}</div>
<p>${escapeHtml(c.outro)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    ),
  };
}
