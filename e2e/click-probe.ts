/**
 * A diagnostic for lost clicks (E2E_CLICK_PROBE=1; `all` prints every press). In the page, every trusted
 * press is followed to its release, and the console says when, while the button was down, the pressed
 * element was re-created, moved, covered, or something above it changed height ("AT RISK": the click
 * then lands on another element or on none), and when no click reached the pressed element ("NO CLICK":
 * also what Playwright's own interception does before it clicks again). Playwright checks its target
 * before and at the press, not at the release: on a busy machine the two can be seconds apart, and a
 * seller's click is a press and a release too. scripts/loop-journey.sh turns it on; the suite does not
 * depend on it. Runs in the page (addInitScript), so it uses nothing from outside this function.
 */
export function clickProbe() {
  type Press = {
    target: Element;
    path: string;
    rect: DOMRect;
    at: number;
    scrollY: number;
    removed: string[];
    above: { el: Element; height: number }[];
    inside: Map<Element, number>;
  };
  let press: Press | null = null;
  const say = (what: string, detail: Record<string, unknown>) =>
    console.log(`[click-probe] ${what} ${JSON.stringify(detail)}`);
  const describe = (el: Element | null): string => {
    if (!el) return 'null';
    const parts: string[] = [];
    for (let e: Element | null = el; e && parts.length < 4; e = e.parentElement) {
      const cls =
        typeof e.className === 'string' ? e.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
      const testId = e.getAttribute('data-testid');
      parts.push(`${e.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${testId ? `[${testId}]` : ''}`);
    }
    return parts.join(' < ');
  };
  const height = (el: Element) => el.getBoundingClientRect().height;
  const changed = (el: Element, before: number) => Math.abs(height(el) - before) > 0.5;

  // Layout shifts (Chrome's Layout Instability API): what moved on the page shortly before a press.
  type LayoutShift = PerformanceEntry & {
    sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  const box = (r: DOMRectReadOnly) =>
    `(${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)})`;
  const shifts: { at: number; moved: string[] }[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      shifts.push({
        at: entry.startTime,
        moved: (entry.sources ?? []).map(
          (s) =>
            `${s.node instanceof Element ? describe(s.node) : (s.node?.nodeName ?? '?')} ${box(s.previousRect)} -> ${box(s.currentRect)}`,
        ),
      });
      if (shifts.length > 50) shifts.shift();
    }
  }).observe({ type: 'layout-shift', buffered: true });
  performance.setResourceTimingBufferSize(5000);

  // What stands before the element in the page's flow: if one of these grows or shrinks, it moves.
  const blocksAbove = (el: Element) => {
    const found: { el: Element; height: number }[] = [];
    for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
      for (let s = a.previousElementSibling; s; s = s.previousElementSibling) {
        found.push({ el: s, height: height(s) });
      }
    }
    return found;
  };
  const observer = new MutationObserver((records) => {
    if (!press) return;
    for (const r of records) {
      if (Array.from(r.removedNodes).some((n) => n === press!.target || n.contains(press!.target)))
        press.removed.push(`removed from ${describe(r.target as Element)}`);
    }
  });

  addEventListener(
    'pointerdown',
    (e) => {
      if (!e.isTrusted || !(e.target instanceof Element)) return;
      const above = blocksAbove(e.target);
      const inside = new Map<Element, number>();
      for (const { el } of above)
        for (const d of Array.from(el.querySelectorAll('*'))) inside.set(d, height(d));
      press = {
        target: e.target,
        path: describe(e.target),
        rect: e.target.getBoundingClientRect(),
        at: performance.now(),
        scrollY: window.scrollY,
        removed: [],
        above,
        inside,
      };
      observer.observe(document, { childList: true, subtree: true });
    },
    true,
  );
  addEventListener(
    'pointerup',
    (e) => {
      const p = press;
      if (!e.isTrusted || !p) return;
      press = null;
      observer.disconnect();
      // All read at the release, before the click's own effects.
      const now = p.target.getBoundingClientRect();
      const moved = Math.abs(now.x - p.rect.x) + Math.abs(now.y - p.rect.y) > 0.5;
      const atRelease = document.elementFromPoint(e.clientX, e.clientY);
      const covered = atRelease !== p.target && !p.target.contains(atRelease);
      const resized = p.above
        .filter((b) => changed(b.el, b.height))
        .map((b) => `${describe(b.el)}: ${Math.round(b.height)} -> ${Math.round(height(b.el))}`);
      // The innermost elements that changed height (their children did not): the cause, not its wrappers.
      const resizedInside = [...p.inside]
        .filter(([el, h]) => changed(el, h))
        .filter(
          ([el]) => !Array.from(el.children).some((c) => p.inside.has(c) && changed(c, p.inside.get(c)!)),
        )
        .slice(0, 6)
        .map(
          ([el, h]) =>
            `${describe(el)}: ${Math.round(h)} -> ${Math.round(height(el))} ${JSON.stringify((el.textContent ?? '').slice(0, 40))}`,
        );
      const detail = {
        pressed: p.path,
        heldMs: Math.round(performance.now() - p.at),
        connected: p.target.isConnected,
        moved: moved ? { from: [p.rect.x, p.rect.y], to: [now.x, now.y] } : false,
        releasedOn: covered ? describe(atRelease) : 'same',
        removed: p.removed,
        scrolled: Math.round(window.scrollY - p.scrollY),
        resized,
        resizedInside,
        // The API answers that came in while the button was down.
        answers: performance
          .getEntriesByType('resource')
          .map((r) => r as PerformanceResourceTiming)
          .filter((r) => r.responseEnd >= p.at && /\/(v1|api)\//.test(r.name))
          .map((r) => new URL(r.name).pathname),
        // What moved in the 1.5 s before the press (when Playwright measured its target).
        shiftsBefore: shifts
          .filter((s) => s.at >= p.at - 1500 && s.at <= p.at)
          .map((s) => ({ msBefore: Math.round(p.at - s.at), moved: s.moved })),
      };
      const atRisk =
        !p.target.isConnected || moved || covered || p.removed.length > 0 || detail.scrolled !== 0;
      let clickedTarget = false;
      const onClick = (c: MouseEvent) => {
        clickedTarget = c.target instanceof Node && p.target.contains(c.target);
      };
      addEventListener('click', onClick, { capture: true, once: true });
      setTimeout(() => {
        removeEventListener('click', onClick, { capture: true });
        say(atRisk ? 'AT RISK' : clickedTarget ? 'ok' : 'NO CLICK', detail);
      }, 0);
    },
    true,
  );
}
