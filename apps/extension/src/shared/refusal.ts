import { domainMessage } from '@crossmarket/domain';
import type { Language, Translate } from './messages';
import type { Outcome } from './protocol';

/**
 * What the panel says of a refusal: the server's reason in the page's language (its i18n key, from the
 * domain's texts), else its English message.
 */
export function refusalText(
  outcome: Extract<Outcome<unknown>, { reason: 'refused' }>,
  t: Translate,
  lang: Language,
) {
  const said = outcome.key ? domainMessage(lang, outcome.key, outcome.params) : outcome.key;
  return t('failed', { message: said && said !== outcome.key ? said : outcome.message });
}
