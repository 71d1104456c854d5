import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { ApiError } from './api-client';
import { errorMessage } from './error-message';

const en = i18n.getFixedT('en');
const tr = i18n.getFixedT('tr');

/** The server's quota refusal: English text, its key and the placeholder's value. */
const quota = () =>
  new ApiError(409, 'inventory_quota', "Your plan's inventory quota allows 15 more products.", [], {
    key: 'validation.inventory.quotaExceeded',
    params: { remaining: 15 },
    remaining: 15,
  });

describe('errorMessage', () => {
  it("says the error's key with its values, in English and in Turkish", () => {
    expect(errorMessage(quota(), en)).toBe("Your plan's inventory quota allows 15 more products.");
    expect(errorMessage(quota(), tr)).toBe(
      'Planınızın envanter kotası 15 ürün daha eklemenize izin veriyor.',
    );
  });

  it("takes the screen's values over the server's", () => {
    const tooSoon = new ApiError(
      429,
      'update_too_soon',
      'This inventory was updated recently. You can update it again after 14:00 (Europe/Istanbul).',
      [],
      { key: 'validation.inventory.updateTooSoon', params: { when: 'after 14:00 (Europe/Istanbul)' } },
    );
    expect(errorMessage(tooSoon, tr, { params: { when: '2 saat içinde' } })).toBe(
      'Bu envanter kısa süre önce güncellendi. 2 saat içinde yeniden güncelleyebilirsiniz.',
    );
  });

  it("says the first field's key when the error has none", () => {
    const refused = new ApiError(400, 'validation_error', 'Invalid body: file: …', [
      { field: 'file', key: 'validation.report.fileTooLarge', message: '…', params: { mb: 50 } },
    ]);
    expect(errorMessage(refused, tr)).toBe(tr('validation.report.fileTooLarge', { mb: 50 }));
    expect(errorMessage(refused, tr)).toContain('50');
  });

  it("keeps the server's message for a key the app does not know, or no key", () => {
    const odd = new ApiError(400, 'odd', 'Something odd.', [], { key: 'apiErrors.noSuchKey' });
    expect(errorMessage(odd, tr)).toBe('Something odd.');
    expect(errorMessage(new ApiError(404, 'not_found', 'This inventory was not found.'), tr)).toBe(
      'This inventory was not found.',
    );
  });

  it('says the generic text for a failure without a server answer (network, a bug)', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), en)).toBe(
      'An error occurred. Please try again later.',
    );
    expect(errorMessage(new TypeError('Failed to fetch'), tr)).toBe(
      'Bir hata oluştu. Lütfen daha sonra tekrar deneyin.',
    );
    expect(errorMessage(undefined, en)).toBe('An error occurred. Please try again later.');
  });

  it("says the screen's fallback for anything without a key of its own", () => {
    const fallback = { fallback: 'Failed' };
    expect(errorMessage(quota(), en, fallback)).toBe("Your plan's inventory quota allows 15 more products.");
    const fields = new ApiError(400, 'validation_error', 'Invalid body', [
      {
        field: 'filter_id',
        key: 'validation.inventory.filterId',
        message: 'Choose one of your filter sets.',
      },
    ]);
    expect(errorMessage(fields, en, fallback)).toBe('Failed');
    expect(errorMessage(new ApiError(500, 'internal_error', 'Something went wrong.'), en, fallback)).toBe(
      'Failed',
    );
    expect(errorMessage(new TypeError('Failed to fetch'), en, fallback)).toBe('Failed');
  });
});
