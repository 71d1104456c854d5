import { describe, expect, it } from 'vitest';
import { domainMessage } from './i18n';
import { LISTING_ISSUE_TEXTS, listingIssueKey } from './listing-issues';

describe("Amazon's listing issue texts", () => {
  it('has a text in English and Turkish for every code it knows', () => {
    for (const [code, key] of Object.entries(LISTING_ISSUE_TEXTS)) {
      for (const lang of ['en', 'tr'] as const)
        expect(domainMessage(lang, key), `${code} ${lang}`).not.toBe(key);
      expect(domainMessage('tr', key)).not.toBe(domainMessage('en', key));
    }
  });

  it("leaves an unknown code, or an inherited property name, to Amazon's own text", () => {
    expect(listingIssueKey('18155')).toBe('listingIssue.minAbovePrice');
    expect(listingIssueKey('77777')).toBeUndefined();
    expect(listingIssueKey('constructor')).toBeUndefined();
  });
});
