import type { SupportTopic } from '@crossmarket/domain';
import type { Mail } from '../../providers/mail/transport';

export type MailKind = 'verify' | 'magic' | 'recovery';
export type MailLanguage = 'en' | 'tr';

interface Copy {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

const COPY: Record<MailLanguage, Record<MailKind, Copy>> = {
  en: {
    verify: {
      subject: 'Activate your Crossmarket account',
      intro: 'Welcome to Crossmarket! Confirm your e-mail address to activate your account.',
      action: 'Activate my account',
      outro: 'If you did not sign up, you can ignore this e-mail.',
    },
    magic: {
      subject: 'Your Crossmarket sign-in link',
      intro: 'Use the button below to sign in to Crossmarket. The link works once and expires in 15 minutes.',
      action: 'Sign in',
      outro: 'If you did not ask for this link, you can ignore this e-mail.',
    },
    recovery: {
      subject: 'Reset your Crossmarket password',
      intro:
        'We received a request to reset your password. The button below signs you in so you can choose a new one. It works once and expires in 15 minutes.',
      action: 'Reset my password',
      outro:
        'If you did not ask to reset your password, you can ignore this e-mail; your password stays the same.',
    },
  },
  tr: {
    verify: {
      subject: 'Crossmarket hesabınızı etkinleştirin',
      intro: "Crossmarket'e hoş geldiniz! Hesabınızı etkinleştirmek için e-posta adresinizi onaylayın.",
      action: 'Hesabımı etkinleştir',
      outro: 'Kayıt olmadıysanız bu e-postayı yok sayabilirsiniz.',
    },
    magic: {
      subject: 'Crossmarket giriş bağlantınız',
      intro:
        "Crossmarket'e giriş yapmak için aşağıdaki düğmeyi kullanın. Bağlantı bir kez çalışır ve 15 dakika içinde geçerliliğini yitirir.",
      action: 'Giriş yap',
      outro: 'Bu bağlantıyı siz istemediyseniz bu e-postayı yok sayabilirsiniz.',
    },
    recovery: {
      subject: 'Crossmarket şifrenizi sıfırlayın',
      intro:
        'Şifrenizi sıfırlama talebi aldık. Aşağıdaki düğme yeni bir şifre seçebilmeniz için oturumunuzu açar. Bir kez çalışır ve 15 dakika içinde geçerliliğini yitirir.',
      action: 'Şifremi sıfırla',
      outro: 'Şifre sıfırlamayı siz istemediyseniz bu e-postayı yok sayabilirsiniz; şifreniz değişmez.',
    },
  },
};

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A transactional mail in the user's communication language, as HTML and as plain text. */
export function renderMail(kind: MailKind, lang: MailLanguage, to: string, url: string): Mail {
  const c = COPY[lang][kind];
  const text = `${c.intro}\n\n${c.action}: ${url}\n\n${c.outro}\n\nCrossmarket`;
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">Crossmarket</h1>
<p>${escapeHtml(c.intro)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#1668dc;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(c.action)}</a></p>
<p style="font-size:13px;color:#595959">${escapeHtml(c.outro)}</p>
<p style="font-size:12px;color:#8c8c8c;word-break:break-all">${escapeHtml(url)}</p>
</body></html>`;
  return { to, subject: c.subject, text, html };
}

const TOPIC_NAMES: Record<MailLanguage, Record<SupportTopic, string>> = {
  en: { account: 'Account', reports: 'Reports', payments: 'Payments', other: 'Other' },
  tr: { account: 'Hesap', reports: 'Raporlar', payments: 'Ödemeler', other: 'Diğer' },
};

const ACK: Record<MailLanguage, { subject: string; intro: string; promise: string; yours: string }> = {
  en: {
    subject: 'We received your support ticket',
    intro: 'Thank you for contacting Crossmarket support. We received your ticket:',
    promise: 'We will respond to your question within 24 hours via this e-mail address.',
    yours: 'Your message',
  },
  tr: {
    subject: 'Destek talebinizi aldık',
    intro: 'Crossmarket destek ekibiyle iletişime geçtiğiniz için teşekkür ederiz. Talebinizi aldık:',
    promise: 'Sorunuzu 24 saat içinde bu e-posta adresi üzerinden yanıtlayacağız.',
    yours: 'Mesajınız',
  },
};

export interface TicketMailInput {
  id: string;
  topic: SupportTopic;
  /** As the user typed it: it only ever reaches the HTML part escaped. */
  message: string;
  userId: string;
  email: string;
  plan: string;
  lang: MailLanguage;
}

const reference = (id: string) => `#${id.split('-')[0]}`;

/** A message as text in HTML: escaped, its line breaks kept. */
const messageHtml = (message: string) =>
  `<div style="white-space:pre-wrap;border-left:3px solid #d9d9d9;padding:8px 12px;margin:16px 0">${escapeHtml(message)}</div>`;

export const page = (lang: MailLanguage, body: string) =>
  `<!doctype html><html lang="${lang}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">Crossmarket</h1>
${body}
</body></html>`;

/** The ticket as support reads it (English), with who sent it from the session. */
export function renderSupportTicketMail(to: string, t: TicketMailInput): Mail {
  const topic = TOPIC_NAMES.en[t.topic];
  const facts: [string, string][] = [
    ['Ticket', `${reference(t.id)} (${t.id})`],
    ['Topic', topic],
    ['From', t.email],
    ['User id', t.userId],
    ['Plan', t.plan],
    ['Language', t.lang],
  ];
  const text = `${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${t.message}\n`;
  const rows = facts
    .map(
      ([k, v]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0">${k}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const html = page('en', `<table style="font-size:14px">${rows}</table>\n${messageHtml(t.message)}`);
  return { to, subject: `Support ticket ${reference(t.id)}: ${topic} from ${t.email}`, text, html };
}

/** The user's copy, in their communication language. */
export function renderTicketAcknowledgement(t: TicketMailInput): Mail {
  const c = ACK[t.lang];
  const topic = TOPIC_NAMES[t.lang][t.topic];
  const subject = `${c.subject} ${reference(t.id)}`;
  const text = `${c.intro}\n\n${topic} · ${reference(t.id)}\n\n${c.yours}:\n${t.message}\n\n${c.promise}\n\nCrossmarket`;
  const html = page(
    t.lang,
    `<p>${escapeHtml(c.intro)}</p>
<p><b>${escapeHtml(topic)}</b> · ${reference(t.id)}</p>
<p style="margin-bottom:0">${escapeHtml(c.yours)}:</p>
${messageHtml(t.message)}
<p>${escapeHtml(c.promise)}</p>`,
  );
  return { to: t.email, subject, text, html };
}
