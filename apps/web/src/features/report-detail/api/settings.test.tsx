import { defaultReportSettings } from '@crossmarket/domain';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { fakeApi } from '../../../test/fake-api';
import { reportDetailKeys } from './keys';
import { useSaveSettings } from './settings';

afterEach(() => vi.unstubAllGlobals());

describe('saving a report’s settings', () => {
  it("makes every product's offers answer stale: its money lines are priced on the lane again", async () => {
    fakeApi((url) => (url === '/v1/settings' ? { body: { error: false } } : undefined));
    const client = createQueryClient();
    client.setQueryData(reportDetailKeys.offers('r1', 'B000000001'), { money: { buybox: [], std: [] } });
    client.setQueryData(reportDetailKeys.offers('r2', 'B000000001'), { money: { buybox: [], std: [] } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders queryClient={client}>{children}</AppProviders>
    );
    const { result } = renderHook(() => useSaveSettings('r1'), { wrapper });
    await act(() => result.current.mutateAsync(defaultReportSettings(1.38)));
    expect(client.getQueryState(reportDetailKeys.offers('r1', 'B000000001'))?.isInvalidated).toBe(true);
    // Another report's answers stay as they are.
    expect(client.getQueryState(reportDetailKeys.offers('r2', 'B000000001'))?.isInvalidated).toBe(false);
  });
});
