import type { Mail } from '../../providers/mail/transport';
import { escapeHtml, page, type MailLanguage } from './templates';

export type AccountNotice = 'suspended' | 'unsuspended';

// The operator's reason stays in the audit log: it is written for colleagues, not for the seller.
const NOTICES: Record<MailLanguage, Record<AccountNotice, { subject: string; body: string }>> = {
  en: {
    suspended: {
      subject: 'Your Crossmarket account has been suspended',
      body: 'Your Crossmarket account has been suspended. You can still reach us from the support page after signing in, or by answering this e-mail.',
    },
    unsuspended: {
      subject: 'Your Crossmarket account is active again',
      body: 'The suspension of your Crossmarket account has been lifted. You can sign in and use it as before.',
    },
  },
  tr: {
    suspended: {
      subject: 'Crossmarket hesabınız askıya alındı',
      body: 'Crossmarket hesabınız askıya alındı. Giriş yaptıktan sonra destek sayfasından ya da bu e-postayı yanıtlayarak bize ulaşabilirsiniz.',
    },
    unsuspended: {
      subject: 'Crossmarket hesabınız yeniden etkin',
      body: 'Crossmarket hesabınızın askıya alınması kaldırıldı. Giriş yapıp hesabınızı eskisi gibi kullanabilirsiniz.',
    },
  },
};

/** A notice about the account an operator changed, in the user's communication language. */
export function renderAccountNotice(notice: AccountNotice, lang: MailLanguage, to: string): Mail {
  const c = NOTICES[lang][notice];
  return {
    to,
    subject: c.subject,
    text: `${c.body}\n\nCrossmarket`,
    html: page(lang, `<p>${escapeHtml(c.body)}</p>`),
  };
}
