import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import dayjs from '../../../lib/dayjs';
import type { ReportSummary } from '../api/reports';
import { ReportsTable } from './reports-table';

const report = (over: Partial<ReportSummary>): ReportSummary => ({
  id: '3f2a9c1d-0000-4000-8000-000000000001',
  title: 'Toys',
  type: 'product-analysis',
  created_at: '2026-11-20T10:00:00.000Z',
  finish_at: null,
  from_marketplace: 'amazon',
  to_marketplace: 'amazon',
  from_country: 'us',
  to_country: 'ca',
  size: 40,
  done_size: 10,
  finalized: false,
  no_answer_count: 0,
  estimated_finish_at: null,
  restrictions: null,
  phase: null,
  ...over,
});

function renderTable(reports: ReportSummary[]) {
  render(
    <AppProviders>
      <MemoryRouter>
        <ReportsTable reports={reports} loading={false} onCreate={() => undefined} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the reports list', () => {
  it('shows when a running report should finish, relative with the clock time on hover', () => {
    const at = new Date(Date.now() + 5 * 60_000).toISOString();
    renderTable([report({ estimated_finish_at: at, phase: 'looking_up' })]);
    expect(screen.getByTestId('report-phase')).toHaveTextContent('Looking up offers');
    const estimate = screen.getByTestId('estimated-finish');
    expect(estimate).toHaveTextContent('Estimated finish: in 5 minutes');
    expect(within(estimate).getByText(/Estimated finish/)).toHaveAttribute('title', dayjs(at).format('L LT'));
  });

  it('says the finish is being estimated while the server has no estimate yet', () => {
    renderTable([report({ phase: 'looking_up' })]);
    expect(screen.getByTestId('report-phase')).toHaveTextContent('Looking up offersEstimating the finish…');
    expect(screen.queryByTestId('estimated-finish')).toBeNull();
  });

  it("shows how far a supplier list's lines are matched before its lookups", () => {
    renderTable([report({ phase: 'looking_up', supplier_matching: { matched: 1200, total: 2000 } })]);
    expect(screen.getByTestId('report-phase')).toHaveTextContent(
      "Matching the supplier's lines: 1,200 / 2,000",
    );
  });

  it('shows the restriction phase of a finished report until it is over', () => {
    const finished = {
      finalized: true,
      done_size: 40,
      finish_at: '2026-11-20T10:30:00.000Z',
    };
    renderTable([
      report({
        ...finished,
        phase: 'restrictions',
        restrictions: { state: 'checking', total: 1200, checked: 40 },
      }),
    ]);
    const row = screen.getByRole('row', { name: /Toys/ });
    expect(within(row).getByText('Done')).toBeInTheDocument();
    expect(within(row).getByTestId('report-phase')).toHaveTextContent(
      'Checking restrictions and fees: 40 / 1,200',
    );
  });

  it('shows no phase once the report has stopped moving', () => {
    renderTable([
      report({
        finalized: true,
        done_size: 40,
        finish_at: '2026-11-20T10:30:00.000Z',
        restrictions: { state: 'done', total: 20, checked: 20 },
      }),
    ]);
    expect(screen.queryByTestId('report-phase')).toBeNull();
  });

  it('says how many products of a finished report Amazon did not answer for', () => {
    renderTable([
      report({
        finalized: true,
        done_size: 40,
        finish_at: '2026-11-20T10:30:00.000Z',
        no_answer_count: 1,
      }),
    ]);
    expect(screen.getByTestId('no-answer-count')).toBeInTheDocument();
    expect(screen.queryByTestId('estimated-finish')).toBeNull();
  });
});
