import { buildDuplicateRemovalFile, checkListingsReport } from '@crossmarket/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import i18n from '../../i18n';
import type * as Download from '../../lib/download';
import type { DedupeProgress } from './dedupe';
import { inlineRunner, type DedupeRunner } from './dedupe-runner';
import { ToolsPage } from './tools-page';

// The browser download is replaced so that the file can be read back.
const downloads = vi.hoisted(() => ({ downloadText: vi.fn<(fileName: string, text: string) => void>() }));
vi.mock('../../lib/download', async (importOriginal) => ({
  ...(await importOriginal<typeof Download>()),
  downloadText: downloads.downloadText,
}));

const HEADER = 'item-name\titem-description\tlisting-id\tseller-sku\tprice\tasin1\tstatus';
const row = (name: string, sku: string, asin: string) =>
  [name, '', '1', sku, '10', asin, 'Active'].join('\t');

/** A Seller Central report saved by a spreadsheet: BOM, CRLF, quoted cells and empty lines. */
const REPORT =
  '\uFEFF' +
  [
    HEADER,
    ['"Train, ""red"""', '"Two\r\nlines"', '1', 'SKU-1', '10', 'B000000001', 'Active'].join('\t'),
    '',
    row('12" Train', 'SKU-2', 'B000000001'),
    row('Car', 'SKU-3', 'B000000002'),
    row('Car again', '"SKU-4"', 'b000000002'),
    row('Broken', 'SKU-5', 'not-an-asin'),
    '',
  ].join('\r\n');

const txt = (text: string | Uint8Array, name = 'All Listings.txt') =>
  new File([text as BlobPart], name, { type: 'text/plain' });

function renderPage(runner: DedupeRunner = inlineRunner) {
  const router = createMemoryRouter([{ path: '/tools', element: <ToolsPage runner={runner} /> }], {
    initialEntries: ['/tools'],
  });
  // Ant Design's styles make the pointer-events check (getComputedStyle up the tree) slow in jsdom.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, applyAccept: false });
  render(
    <AppProviders>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </AppProviders>,
  );
  const input = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { user, choose: (...files: File[]) => user.upload(input(), files) };
}

beforeEach(() => downloads.downloadText.mockReset());
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the Duplicated ASIN Remover', () => {
  it('offers the drop area under the page title', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Tools' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Duplicated ASIN Remover' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /Click or drag your All Listings Report/ }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Crossmarket - Tools');
  });

  it('checks a spreadsheet-saved report, previews the duplicates and downloads the delete file', async () => {
    const { user, choose } = renderPage();
    await choose(txt(REPORT));
    expect(await screen.findByText('Amazon Seller Central File is OK.')).toBeInTheDocument();
    expect(screen.getByText("4 SKU's ready.")).toBeInTheDocument();
    // The drop area is gone: keyboard focus moves to the outcome.
    expect(document.activeElement).toHaveTextContent('Amazon Seller Central File is OK.');
    expect(screen.getByText('1 line without a SKU and a valid ASIN was skipped.')).toBeInTheDocument();

    const table = screen.getByRole('table');
    expect(within(table).getByText(/2 listings repeat an ASIN/)).toBeInTheDocument();
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['SKU-2', 'B000000001', 'SKU-1'],
      ['SKU-4', 'B000000002', 'SKU-3'],
    ]);

    const start = screen.getByRole('button', { name: 'Start' });
    expect(start).toBeDisabled();
    await user.click(
      screen.getByRole('checkbox', { name: "I'll check SKU's and ASIN's again, after I download the file." }),
    );
    expect(start).toBeEnabled();
    await user.click(start);
    expect(downloads.downloadText).toHaveBeenCalledTimes(1);
    const [name, text] = downloads.downloadText.mock.calls[0]!;
    expect(name).toBe('All Listings-duplicates-removed.txt');
    expect(text).toBe(buildDuplicateRemovalFile(checkListingsReport(REPORT).duplicates));
    expect(text).toBe(
      'sku\tproduct-id\tproduct-id-type\tadd-delete\nSKU-2\tB000000001\t1\td\nSKU-4\tB000000002\t1\td\n',
    );
    expect(await screen.findByText(/All Listings-duplicates-removed\.txt is downloaded/)).toBeInTheDocument();
  });

  it('pages a long preview', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 25; i++)
      lines.push(row('Kept', `KEEP-${i}`, `B0000000${String(i).padStart(2, '0')}`));
    for (let i = 0; i < 25; i++)
      lines.push(row('Again', `DUP-${i}`, `B0000000${String(i).padStart(2, '0')}`));
    const { user, choose } = renderPage();
    await choose(txt(lines.join('\n')));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('DUP-0')).toBeInTheDocument();
    await user.click(screen.getByRole('listitem', { name: '3' }));
    expect(within(table).getByText('DUP-24')).toBeInTheDocument();
    expect(within(table).queryByText('DUP-0')).not.toBeInTheDocument();
  });

  it('says so when there is nothing to remove, and starts over on request', async () => {
    const { user, choose } = renderPage();
    await choose(txt(`${HEADER}\n${row('A', 'SKU-1', 'B000000001')}\n${row('B', 'SKU-2', 'B000000002')}\n`));
    expect(await screen.findByText("2 SKU's ready.")).toBeInTheDocument();
    expect(screen.getByText('No duplicated ASIN found: there is nothing to remove.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check another file' }));
    expect(screen.getByRole('button', { name: /Click or drag/ })).toBeInTheDocument();
  });

  it.each([
    ['', 'This file is empty.'],
    ['SKU-1,B000000001\nSKU-2,B000000001\n', 'This file is not tab-separated.'],
    ['name\tprice\nTrain\t10\n', 'No SKU and ASIN columns found.'],
    [`${HEADER}\n${row('A', 'SKU-1', 'none')}\n`, 'No listing with a valid ASIN was found in this file.'],
  ])('explains what is wrong with %j', async (text, message) => {
    const { choose } = renderPage();
    await choose(txt(text));
    expect(await screen.findByTestId('remover-problem')).toHaveTextContent(message);
    expect(screen.queryByText('Amazon Seller Central File is OK.')).not.toBeInTheDocument();
    // The drop area stays, for the next try.
    expect(screen.getByRole('button', { name: /Click or drag/ })).toBeInTheDocument();
  });

  it('refuses anything but one .txt file, picked or dropped', async () => {
    const runner = vi.fn(inlineRunner);
    const { choose } = renderPage(runner);
    await choose(new File(['a,b'], 'listings.csv', { type: 'text/csv' }));
    expect(await screen.findByTestId('remover-refused')).toHaveTextContent('Only a .txt file can be used.');

    const zone = screen.getByTestId('listings-dropzone');
    fireEvent.drop(zone, { dataTransfer: { files: [txt('a'), txt('b', 'other.txt')], items: [] } });
    await waitFor(() =>
      expect(screen.getByTestId('remover-refused')).toHaveTextContent('Upload one file at a time.'),
    );
    expect(runner).not.toHaveBeenCalled();

    fireEvent.drop(zone, { dataTransfer: { files: [txt(REPORT, 'LISTINGS.TXT')], items: [] } });
    expect(await screen.findByText('Amazon Seller Central File is OK.')).toBeInTheDocument();
    expect(screen.queryByTestId('remover-refused')).not.toBeInTheDocument();
  });

  it('shows the progress of a running check, which can be cancelled', async () => {
    let report: (p: DedupeProgress) => void = () => {};
    let signal: AbortSignal | undefined;
    const runner: DedupeRunner = (_file, onProgress, s) => {
      report = onProgress;
      signal = s;
      return new Promise(() => {});
    };
    const { user, choose } = renderPage(runner);
    await choose(txt('x', 'big.txt'));
    expect(await screen.findByRole('status')).toHaveTextContent('Reading big.txt…');
    report({ phase: 'checking', percent: 42 });
    expect(await screen.findByText('Checking big.txt…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress of the check' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(screen.queryByRole('button', { name: /Click or drag/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(signal?.aborted).toBe(true);
    expect(screen.getByRole('button', { name: /Click or drag/ })).toHaveFocus();
  });

  it('says when the file could not be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { choose } = renderPage(() => Promise.reject(new Error('NotReadableError')));
    await choose(txt(REPORT));
    expect(await screen.findByText('The file could not be read. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Click or drag/ })).toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });

  it('speaks Turkish', async () => {
    await i18n.changeLanguage('tr');
    const { choose } = renderPage();
    await choose(txt(REPORT));
    expect(await screen.findByText('Amazon Seller Central dosyası uygun.')).toBeInTheDocument();
    expect(screen.getByText('4 SKU hazır.')).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', {
        name: "Dosyayı indirdikten sonra SKU'ları ve ASIN'leri tekrar kontrol edeceğim.",
      }),
    ).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Başlat' })).toBeDisabled();
  });
});
