import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import type { ReportDetail } from '../api/report';
import { ActionsCards } from './actions-cards';

const DAY = '2026-11-23';
const report = {
  id: '3f2a9c1d-0000-4000-8000-000000000001',
  from_country: 'us',
  to_country: 'ca',
} as ReportDetail;

/** What the browser was asked to save: each object URL's Blob, and each link clicked. */
const blobs = new Map<string, Blob>();
const saved: { fileName: string; href: string }[] = [];

beforeAll(() => {
  // jsdom has no object URLs; these stay for the whole file (download.ts revokes 10 seconds later).
  let n = 0;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void blobs.delete(url);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${DAY}T12:00:00Z`));
  // The link's click would navigate, which jsdom does not implement; record what it would save.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ fileName: this.download, href: this.href });
  });
});

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  saved.length = 0;
  if (i18n.language !== 'en') await changeLanguage('en');
});

const readBlob = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

/** The files saved so far: name, type and text. */
const savedFiles = () =>
  Promise.all(
    saved.map(async ({ fileName, href }) => {
      const blob = blobs.get(href)!;
      return { fileName, type: blob.type, text: await readBlob(blob) };
    }),
  );

function renderCards({
  selected = [] as string[],
  filteredIds = [] as string[],
  settingsDefined = true,
  loadIds = () => Promise.resolve(filteredIds),
} = {}) {
  const onExport = vi.fn();
  // The Add to Inventory card lists the user's inventories (none here; add-to-inventory.test.tsx has them).
  fakeApi((url) => (url.startsWith('/api/inventories') ? { body: [] } : undefined));
  render(
    <AppProviders>
      <AntApp>
        <MemoryRouter>
          <ActionsCards
            report={report}
            selected={new Set(selected)}
            filteredCount={filteredIds.length}
            loadIds={loadIds}
            settingsDefined={settingsDefined}
            onExport={onExport}
          />
        </MemoryRouter>
      </AntApp>
    </AppProviders>,
  );
  return { onExport, user: userEvent.setup() };
}

/** A button by its text (its name also carries the icon's "download"). */
const button = (text: string) => screen.getByRole('button', { name: new RegExp(`${text}$`) });
const NO_PRODUCTS = 'Select at least 1 fbm available product to create inventory file.';
const SETTINGS_FIRST = 'Define settings first.';

describe('Download Inventory File', () => {
  it('warns and does not open the export when no product is selected', async () => {
    const { onExport, user } = renderCards({ selected: [], filteredIds: ['B000000001'] });
    await user.click(button('Download Inventory File'));
    expect(await screen.findByText(NO_PRODUCTS)).toBeInTheDocument();
    expect(onExport).not.toHaveBeenCalled();
  });

  it('warns and does not open the export while the report has no settings', async () => {
    const { onExport, user } = renderCards({ selected: ['B000000001'], settingsDefined: false });
    await user.click(button('Download Inventory File'));
    expect(await screen.findByText(SETTINGS_FIRST)).toBeInTheDocument();
    expect(screen.queryByText(NO_PRODUCTS)).toBeNull();
    expect(onExport).not.toHaveBeenCalled();
  });

  it('opens the export with a selection and settings', async () => {
    const { onExport, user } = renderCards({ selected: ['B000000001'] });
    await user.click(button('Download Inventory File'));
    expect(onExport).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(NO_PRODUCTS)).toBeNull();
    expect(screen.queryByText(SETTINGS_FIRST)).toBeNull();
  });

  it('warns in Turkish', async () => {
    await changeLanguage('tr');
    const { user } = renderCards({ selected: [] });
    await user.click(button('Envanter Dosyasını İndir'));
    expect(
      await screen.findByText('Envanter dosyası oluşturmak için en az 1 fbm uygun ürün seçin.'),
    ).toBeInTheDocument();
  });
});

describe('Download Product ID List', () => {
  it('Download Selected saves the selected IDs, one a line', async () => {
    const { user, onExport } = renderCards({
      selected: ['B000000002', 'B000000001'],
      filteredIds: ['B000000001', 'B000000002', 'B000000003'],
    });
    await user.click(button('Download Selected'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await savedFiles()).toEqual([
      {
        fileName: `product-ids-3f2a9c1d-us-ca-${DAY}.txt`,
        type: 'text/plain;charset=utf-8',
        text: 'B000000002\nB000000001\n',
      },
    ]);
    expect(onExport).not.toHaveBeenCalled();
  });

  it('Download All saves every product the filters let through, selected or not', async () => {
    const { user } = renderCards({
      selected: ['B000000002'],
      filteredIds: ['B000000001', 'B000000002', 'B000000003'],
    });
    await user.click(button('Download All'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await savedFiles()).toEqual([
      {
        fileName: `product-ids-3f2a9c1d-us-ca-${DAY}.txt`,
        type: 'text/plain;charset=utf-8',
        text: 'B000000001\nB000000002\nB000000003\n',
      },
    ]);
  });

  it('leaves no link behind in the page', async () => {
    const { user } = renderCards({ filteredIds: ['B000000001'] });
    await user.click(button('Download All'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('Download All waits for a list still on its way, with a spinner', async () => {
    let give: (ids: string[]) => void = () => {};
    const list = new Promise<string[]>((resolve) => (give = resolve));
    const { user } = renderCards({ filteredIds: ['B000000001', 'B000000002'], loadIds: () => list });
    await user.click(button('Download All'));
    expect(button('Download All')).toHaveClass('ant-btn-loading');
    expect(saved).toEqual([]);
    give(['B000000001', 'B000000002']);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((await savedFiles())[0]!.text).toBe('B000000001\nB000000002\n');
    await waitFor(() => expect(button('Download All')).not.toHaveClass('ant-btn-loading'));
  });

  it('says why when the list could not be had, and saves nothing', async () => {
    const { user } = renderCards({
      filteredIds: ['B000000001'],
      loadIds: () => Promise.reject(new Error('offline')),
    });
    await user.click(button('Download All'));
    expect(await screen.findByText('An error occurred. Please try again later.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('disables Download Selected with no selection and Download All with no filtered product', () => {
    renderCards({ selected: [], filteredIds: [] });
    expect(button('Download Selected')).toBeDisabled();
    expect(button('Download All')).toBeDisabled();
    expect(saved).toEqual([]);
  });
});
