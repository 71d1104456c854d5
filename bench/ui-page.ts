// What bench/ui.bench.ts does in the report page: change the filter by a navigation inside the SPA, or by
// the Apply Filters button, and time the frame that shows the /v1/filters answer (the recorder and measure
// run in the page), and the optional CPU profile of the page.
import { decodeFilters, encodeFilters, type ActiveFilter } from '@crossmarket/domain';
import type { Page, Response } from '@playwright/test';
import fs from 'node:fs';
import { BenchFailure } from './ui-program';

export const PAGE_SIZE = 50;
export const SORT = 'ppr-desc';

export const viewUrl = (reportId: string, f: string) => {
  const params = new URLSearchParams({ sort: SORT, size: String(PAGE_SIZE) });
  if (f) params.set('f', f);
  return `/reports/${reportId}?${params}`;
};

// What runs in the page. `__uiBench` holds the recorder of the current sample.
interface Frame {
  frameAt: number;
  paintAt: number;
  filtered: number | null;
  total: number | null;
  firstKey: string | null;
}
interface Expected {
  filtered: number;
  total: number;
  firstKey: string | null;
}
type BenchWindow = Window & {
  __uiBench?: {
    frames: Frame[];
    /** The first click's time (its event's timeStamp, on the same clock) since the recorder started. */
    clickAt: number | null;
    observer: MutationObserver;
    longTasks: PerformanceEntry[];
    tasks: PerformanceObserver;
  };
};

/** Starts noting, for every frame after a DOM change, what the heading and first row show and when. */
function installRecorder() {
  const w = window as BenchWindow;
  w.__uiBench?.observer.disconnect();
  w.__uiBench?.tasks.disconnect();
  performance.clearResourceTimings();
  const frames: Frame[] = [];
  const recorder = { clickAt: null as number | null };
  document.addEventListener(
    'click',
    (e) => {
      recorder.clickAt ??= e.timeStamp;
    },
    { capture: true, once: true },
  );
  const count = (s: string | undefined) => (s === undefined ? null : Number(s.replace(/\D/g, '')));
  let pending = false;
  const observer = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      const frameAt = performance.now();
      const heading = document.querySelector('[data-testid="results-heading"]')?.textContent ?? '';
      const m = /^\s*([\d\s.,\u00a0\u202f]+?)\s*\/\s*([\d\s.,\u00a0\u202f]+?)\s/.exec(heading);
      const row = document.querySelector('.ant-table-tbody tr.ant-table-row');
      const state = {
        filtered: count(m?.[1]),
        total: count(m?.[2]),
        firstKey: row?.getAttribute('data-row-key') ?? null,
      };
      // A task posted from the frame's callbacks runs once that frame has been rendered.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => frames.push({ frameAt, paintAt: performance.now(), ...state });
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-row-key'],
  });
  const longTasks: PerformanceEntry[] = [];
  const tasks = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
  tasks.observe({ type: 'longtask' });
  w.__uiBench = {
    frames,
    observer,
    longTasks,
    tasks,
    get clickAt() {
      return recorder.clickAt;
    },
  };
}

/** A navigation inside the SPA: react-router's browser history follows popstate like a back/forward. */
function navigateInApp(url: string) {
  const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
  history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', url);
  window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
}

function shown(e: Expected) {
  const frames = (window as BenchWindow).__uiBench?.frames ?? [];
  return frames.some((f) => f.filtered === e.filtered && f.total === e.total && f.firstKey === e.firstKey);
}

/** From the answer's last byte, or from the click that asked for it, to the first frame showing it. */
function measure({ expected: e, from }: { expected: Expected; from: 'answer' | 'click' }) {
  const w = window as BenchWindow;
  w.__uiBench!.observer.disconnect();
  const answers = performance
    .getEntriesByType('resource')
    .filter((r) => new URL(r.name).pathname === '/v1/filters') as PerformanceResourceTiming[];
  // The page's call; the list of every matching ID is asked for after it (and waited for by the sample).
  const answer = answers[0];
  if (!answer) return { error: 'no Resource Timing entry for the /v1/filters call' };
  const clickAt = w.__uiBench!.clickAt;
  if (from === 'click' && clickAt === null) return { error: 'no click was seen' };
  const start = from === 'click' ? clickAt! : answer.responseEnd;
  const frame = w.__uiBench!.frames.find(
    (f) =>
      f.frameAt >= answer.responseEnd &&
      f.filtered === e.filtered &&
      f.total === e.total &&
      f.firstKey === e.firstKey,
  );
  if (!frame) return { error: 'the matching frame came before the answer ended' };
  const longTasks = w
    .__uiBench!.longTasks.filter(
      (t) => t.startTime + t.duration > answer.responseEnd && t.startTime < frame.paintAt,
    )
    .map((t) => `${Math.round(t.duration)}@${Math.round(t.startTime - start)}`);
  return {
    start,
    fetchStart: answer.startTime,
    responseEnd: answer.responseEnd,
    responseStart: answer.responseStart,
    frameAt: frame.frameAt,
    paintAt: frame.paintAt,
    size: answer.encodedBodySize,
    decoded: answer.decodedBodySize,
    frames: w.__uiBench!.frames.filter((f) => f.frameAt >= answer.responseEnd && f.frameAt <= frame.frameAt)
      .length,
    longTasks,
  };
}

/** One filter change by the URL: returns ms from the answer's last byte to the frame that shows it. */
export async function sample(page: Page, reportId: string, filters: ActiveFilter[]) {
  const f = encodeFilters(filters);
  await page.evaluate(installRecorder);
  const answered = page.waitForResponse((r) => sent(r)?.filters === f && !sent(r)!.withIds, {
    timeout: 30_000,
  });
  const listed = idsAnswered(page, (filters) => filters === f);
  await page.evaluate(navigateInApp, viewUrl(reportId, f));
  const response = await answered.catch(() => {
    throw new BenchFailure(`the page made no /v1/filters call within 30 s after its URL changed to ?f=${f}`);
  });
  const time = await timeToFrame(page, response, 'answer', `f=${f}`);
  await listed;
  return time;
}

/**
 * The page's call for the list of every matching ID, which follows its page: a sample waits for it, so
 * that it never runs beside the next sample's call (a seller takes seconds to change a filter).
 */
function idsAnswered(page: Page, matches: (filters: string) => boolean) {
  return page
    .waitForResponse((r) => !!sent(r)?.withIds && matches(sent(r)!.filters), { timeout: 30_000 })
    .catch(() => {
      throw new BenchFailure('the page did not ask for the list of matching IDs within 30 s');
    });
}

/**
 * One filter change by hand: the card `cardId`'s Min set to `min` (not timed), then a click on Apply
 * Filters; returns ms from the click to the first frame that shows the answer.
 */
export async function clickSample(page: Page, cardId: string, min: number) {
  await page.getByTestId(`filter-${cardId}`).getByLabel(/Min$/).fill(String(min));
  await page.evaluate(installRecorder);
  const applied = (f: string) =>
    decodeFilters(f).some((a) => a.id === cardId && (a.value as { min?: number }).min === min);
  const answered = page.waitForResponse((r) => !!sent(r) && !sent(r)!.withIds && applied(sent(r)!.filters), {
    timeout: 30_000,
  });
  const listed = idsAnswered(page, applied);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  const response = await answered.catch(() => {
    throw new BenchFailure(`Apply Filters made no /v1/filters call with ${cardId} ≥ ${min} within 30 s`);
  });
  const time = await timeToFrame(page, response, 'click', `${cardId}>=${min}`);
  await listed;
  return time;
}

/** The filter string a /v1/filters call sent and whether it asked for the ID list; else undefined. */
function sent(r: Response): { filters: string; withIds: boolean } | undefined {
  if (new URL(r.url()).pathname !== '/v1/filters') return undefined;
  try {
    const body = r.request().postDataJSON() as { filters?: string; with_ids?: boolean };
    return body.filters === undefined
      ? undefined
      : { filters: body.filters, withIds: body.with_ids !== false };
  } catch {
    return undefined;
  }
}

async function timeToFrame(page: Page, response: Response, from: 'answer' | 'click', what: string) {
  if (!response.ok())
    throw new BenchFailure(`/v1/filters answered ${response.status()}: ${await response.text()}`);
  const body = (await response.json()) as {
    filtered_count: number;
    total: number;
    data: { product_id: string }[];
  };
  const expected: Expected = {
    filtered: body.filtered_count,
    total: body.total,
    firstKey: body.data[0]?.product_id ?? null,
  };
  await page.waitForFunction(shown, expected, { timeout: 15_000, polling: 100 }).catch(() => {
    throw new BenchFailure(
      `the table did not show the answer within 15 s (expected heading "${expected.filtered} / ${expected.total} products" and first row ${expected.firstKey})`,
    );
  });
  const m = await page.evaluate(measure, { expected, from });
  if ('error' in m) throw new BenchFailure(`measuring failed: ${m.error}`);
  if (process.env.BENCH_UI_DEBUG)
    console.log(
      `# ${what} filtered=${expected.filtered} body=${m.size}B (${m.decoded}B) ` +
        `clickToFetch=${(m.fetchStart - m.start).toFixed(0)}ms fetchToAnswer=${(m.responseEnd - m.fetchStart).toFixed(0)}ms download=${(m.responseEnd - m.responseStart).toFixed(0)}ms ` +
        `toFrame=${(m.frameAt - m.responseEnd).toFixed(0)}ms frameToPaint=${(m.paintAt - m.frameAt).toFixed(0)}ms frames=${m.frames} longTasks=${m.longTasks.join(',')}` +
        // With SERVER_TIMING=true in the bench's environment (the program inherits it): the server's parts.
        (response.headers()['server-timing'] ? ` server=[${response.headers()['server-timing']}]` : ''),
    );
  return { ms: m.paintAt - m.start, filtered: expected.filtered };
}

/**
 * BENCH_UI_PROFILE=<file>: a CPU profile of the page over the samples (open it in Chrome's DevTools), and
 * its self time summed by script and by function printed as comments. For finding where the time goes;
 * the figures of such a run are slower than without it.
 */
export async function startProfile(page: Page) {
  const file = process.env.BENCH_UI_PROFILE;
  if (!file) return null;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
    const micros = new Map<number, number>();
    profile.samples?.forEach((id, i) =>
      micros.set(id, (micros.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)),
    );
    const byScript = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const node of profile.nodes) {
      const us = micros.get(node.id) ?? 0;
      const { url, functionName, lineNumber, columnNumber } = node.callFrame;
      const script = url ? url.slice(url.lastIndexOf('/') + 1) : `(${functionName || 'native'})`;
      const fn = `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}:${columnNumber + 1}`;
      byScript.set(script, (byScript.get(script) ?? 0) + us);
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, us]) => `#   ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`)
        .join('\n');
    console.log(`# CPU profile written to ${file}; self time by script:\n${top(byScript, 10)}`);
    console.log(`# self time by function:\n${top(byFunction, 15)}`);
  };
}
