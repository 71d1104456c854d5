import { JOB_NAMES, type JobPayload } from '@crossmarket/domain';
import type { JobHandler, SealingBox } from '../../jobs/types';
import { renderMail, type MailLanguage } from './templates';

type LinkMail = JobPayload<typeof JOB_NAMES.sendLinkMail>;
export type LinkMailKind = LinkMail['kind'];

/** The additional data binding a sealed link to its recipient: a copied payload does not open for another. */
const contextOf = (to: string) => `mail-link:${to.toLowerCase()}`;

/**
 * The `send-link-mail` payload of a mail carrying a sign-in, activation or recovery link: the link sealed,
 * so that pg-boss's job row (and its archive copy) holds no working link — the tokens are stored hashed
 * for the same reason. The worker renders the mail (`linkMailJobs`).
 */
export function linkMailPayload(
  box: SealingBox,
  kind: LinkMailKind,
  lang: MailLanguage,
  to: string,
  url: string,
): LinkMail {
  const sealed = box.seal(url, contextOf(to));
  return {
    kind,
    lang,
    to,
    link: {
      ciphertext: sealed.ciphertext.toString('base64'),
      iv: sealed.iv.toString('base64'),
      tag: sealed.authTag.toString('base64'),
      key_id: sealed.keyId,
    },
  };
}

const deliverLinkMail: JobHandler<typeof JOB_NAMES.sendLinkMail> = async (data, ctx) => {
  if (!ctx.links) throw new Error('This worker has no token key to open mail links with (WorkerDeps.links)');
  const { token: url } = ctx.links.open(
    {
      ciphertext: Buffer.from(data.link.ciphertext, 'base64'),
      iv: Buffer.from(data.link.iv, 'base64'),
      authTag: Buffer.from(data.link.tag, 'base64'),
      keyId: data.link.key_id,
    },
    contextOf(data.to),
  );
  return ctx.mail.deliver(renderMail(data.kind, data.lang, data.to, url));
};

export const linkMailJobs = { [JOB_NAMES.sendLinkMail]: deliverLinkMail };
