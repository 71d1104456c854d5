import { createRequire } from 'node:module';

/**
 * jsdom's getComputedStyle matches every rule of every stylesheet against the element, and again for
 * each ancestor when an inherited property (visibility) is asked. Ant Design injects thousands of rules,
 * so each `getByRole` (which asks whether every candidate is hidden) spent most of a web test's time
 * there: 70 % of filter-card.test.tsx's profile.
 *
 * What a test relies on from the stylesheets is whether an element is shown and can be clicked: display,
 * visibility, opacity (jest-dom's toBeVisible), pointer-events (user-event's check), plus margin-bottom,
 * which antd's form items read back as a number. Each sheet jsdom parses keeps only the rules that set
 * one of those, in their order, so the cascade of those properties is exactly what it was; layout
 * properties, which jsdom cannot use anyway, read as unset. lean-stylesheets.test.ts compares the
 * visibility of every element of real antd screens with and without it.
 */
export const KEPT_PROPERTIES = new Set([
  'display',
  'visibility',
  'opacity',
  'pointer-events',
  'margin-bottom',
]);

interface CssRule {
  selectorText?: string;
  style?: { length: number; [index: number]: string };
  media?: unknown;
  cssRules?: CssRule[];
  href?: string;
}
interface CssSheet {
  cssRules: CssRule[];
}

/** Whether jsdom's cascade could use this rule for one of the kept properties. */
function keep(rule: CssRule): boolean {
  if (rule.href !== undefined) return true; // @import: jsdom follows it
  if (rule.media !== undefined && rule.cssRules) {
    leanRules(rule.cssRules);
    return rule.cssRules.length > 0;
  }
  // Anything else jsdom never matches (keyframes, font faces, layer blocks have no selector).
  if (rule.selectorText === undefined || !rule.style) return false;
  for (let i = 0; i < rule.style.length; i++) {
    if (KEPT_PROPERTIES.has(rule.style[i]!)) return true;
  }
  return false;
}

function leanRules(rules: CssRule[]) {
  let kept = 0;
  for (const rule of rules) if (keep(rule)) rules[kept++] = rule;
  rules.length = kept;
}

/** Drops, in place, the rules of a parsed sheet that set none of KEPT_PROPERTIES. */
export function leanSheet<T extends CssSheet>(sheet: T): T {
  leanRules(sheet.cssRules);
  return sheet;
}

const INSTALLED = Symbol.for('crossmarket.leanStylesheets');
let enabled = true;

/** Turns the filter off and on (the comparison test); sheets already parsed keep what they have. */
export function setLeanStylesheets(on: boolean) {
  enabled = on;
}

/** Wraps the CSS parser jsdom uses (its own copy of rrweb-cssom), once per process. */
export function installLeanStylesheets() {
  const fromJsdom = createRequire(createRequire(import.meta.url).resolve('jsdom'));
  const cssom = fromJsdom('rrweb-cssom') as { parse: (text: string) => CssSheet; [INSTALLED]?: true };
  if (cssom[INSTALLED]) return;
  const parse = cssom.parse;
  cssom.parse = (text: string) => {
    const sheet = parse(text);
    return enabled ? leanSheet(sheet) : sheet;
  };
  cssom[INSTALLED] = true;
}
