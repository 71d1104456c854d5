import { APP_TIMEZONE, type AmazonRegionCode } from '@crossmarket/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user, userProfiles } from '../../db/schema';
import type { Mail } from '../../providers/mail/transport';
import type { MailLanguage } from '../mail';

// The two mails about a seller's Amazon authorisation, in the seller's communication language. The
// worker has no APP_URL, so they name the way to the settings tab rather than link to it.

const REGION_NAMES: Record<MailLanguage, Record<AmazonRegionCode, string>> = {
  en: { na: 'North America (US, CA, MX)', eu: 'Europe (UK, AE)', fe: 'Far East (AU, SG)' },
  tr: { na: 'Kuzey Amerika (US, CA, MX)', eu: 'Avrupa (UK, AE)', fe: 'Uzak Doğu (AU, SG)' },
};

interface Copy {
  subject: string;
  body: string[];
}

const COPY: Record<MailLanguage, { revoked: Copy; renewal: Copy }> = {
  en: {
    revoked: {
      subject: 'Your Amazon account was disconnected from Crossmarket',
      body: [
        'Amazon no longer accepts Crossmarket’s authorisation for your {region} selling account: it was removed in Seller Central or has expired. Crossmarket has stopped using it.',
        'To connect it again, sign in to Crossmarket, open Settings → Amazon and connect {region}.',
      ],
    },
    renewal: {
      subject: 'Renew Crossmarket’s access to your Amazon account by {date}',
      body: [
        'Amazon asks sellers to renew an app’s authorisation once a year. Crossmarket’s access to your {region} selling account ends on {date}.',
        'To renew it, sign in to Crossmarket, open Settings → Amazon and connect {region} again. It takes a minute.',
      ],
    },
  },
  tr: {
    revoked: {
      subject: 'Amazon hesabınızın Crossmarket bağlantısı kesildi',
      body: [
        'Amazon, {region} satıcı hesabınız için Crossmarket’in yetkisini artık kabul etmiyor: yetki Seller Central’da kaldırılmış ya da süresi dolmuş. Crossmarket bu yetkiyi kullanmayı bıraktı.',
        'Yeniden bağlamak için Crossmarket’e giriş yapın, Ayarlar → Amazon sayfasını açın ve {region} bölgesini bağlayın.',
      ],
    },
    renewal: {
      subject: 'Crossmarket’in Amazon hesabınıza erişimini {date} tarihine kadar yenileyin',
      body: [
        'Amazon, satıcılardan uygulama yetkilerini yılda bir kez yenilemelerini ister. Crossmarket’in {region} satıcı hesabınıza erişimi {date} tarihinde sona eriyor.',
        'Yenilemek için Crossmarket’e giriş yapın, Ayarlar → Amazon sayfasını açın ve {region} bölgesini yeniden bağlayın. Bir dakika sürer.',
      ],
    },
  },
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function render(copy: Copy, lang: MailLanguage, to: string, values: Record<string, string>): Mail {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
  const body = copy.body.map(fill);
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">Crossmarket</h1>
${body.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;
  return { to, subject: fill(copy.subject), text: `${body.join('\n\n')}\n\nCrossmarket`, html };
}

export interface Recipient {
  email: string;
  lang: MailLanguage;
}

/** The account's address and communication language (English until a profile says otherwise). */
export async function recipientOf(db: Db, userId: string): Promise<Recipient | undefined> {
  const [row] = await db
    .select({ email: user.email, lang: userProfiles.commLang })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.userId, user.id))
    .where(eq(user.id, userId));
  return row && { email: row.email, lang: row.lang === 'tr' ? 'tr' : 'en' };
}

export const revokedMail = (to: Recipient, region: AmazonRegionCode): Mail =>
  render(COPY[to.lang].revoked, to.lang, to.email, { region: REGION_NAMES[to.lang][region] });

export function renewalMail(to: Recipient, region: AmazonRegionCode, renewBy: Date): Mail {
  const date = new Intl.DateTimeFormat(to.lang === 'tr' ? 'tr-TR' : 'en-GB', {
    dateStyle: 'long',
    timeZone: APP_TIMEZONE,
  }).format(renewBy);
  return render(COPY[to.lang].renewal, to.lang, to.email, { region: REGION_NAMES[to.lang][region], date });
}
