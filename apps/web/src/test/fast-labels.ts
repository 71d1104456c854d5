/**
 * The HTML `labels` of a form control, as jsdom defines it but without its cost. jsdom walks the whole
 * document for each control and, for every `<label for>` on the way, walks it again to resolve the id:
 * Testing Library's `getByLabelText` asks it of every element, so one lookup on the settings form cost
 * about a second and a `waitFor` around it a minute (profiled: 70 % of the web suite's time in
 * `HTMLLabelElement.control`). The same rule, by selector queries:
 *
 * - a `<label for=X>` labels the element whose id is X (jsdom's id index: the first one inserted, which is
 *   the first in the tree unless a page inserts duplicate ids out of order), if that element is labelable;
 * - a `<label>` without `for` labels its first labelable descendant.
 *
 * fast-labels.test.ts checks it against jsdom's own answer on tricky trees.
 */

const LABELABLE = 'button, input:not([type="hidden" i]), meter, output, progress, select, textarea';

function isLabelable(element: Element): boolean {
  return element.matches(LABELABLE);
}

/** The labels of `control` in tree order, or null when it is not labelable (as jsdom answers). */
export function labelsOf(control: HTMLElement): HTMLLabelElement[] | null {
  if (!isLabelable(control)) return null;
  const root = control.getRootNode();
  if (!(root instanceof Document || root instanceof ShadowRoot)) return null;
  const found = new Set<HTMLLabelElement>();
  const id = control.getAttribute('id');
  // getElementById is jsdom's id index; a selector per id would be compiled anew for every control.
  if (id && root.getElementById(id) === control) {
    const labels =
      root instanceof Document ? root.getElementsByTagName('label') : root.querySelectorAll('label');
    for (const label of labels) {
      if (label.getAttribute('for') === id) found.add(label as HTMLLabelElement);
    }
  }
  for (let a = control.parentElement; a; a = a.parentElement) {
    if (a.localName === 'label' && !a.hasAttribute('for') && a.querySelector(LABELABLE) === control) {
      found.add(a as HTMLLabelElement);
    }
  }
  return [...found].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
}

const CONTROLS = [
  'HTMLButtonElement',
  'HTMLInputElement',
  'HTMLMeterElement',
  'HTMLOutputElement',
  'HTMLProgressElement',
  'HTMLSelectElement',
  'HTMLTextAreaElement',
] as const;

/** jsdom's own getters, kept when they are replaced, for the comparison test and detached controls. */
const jsdomGetters = new Map<object, (this: HTMLElement) => unknown>();

function prototypesOf(window: Window & typeof globalThis) {
  return CONTROLS.flatMap((name) => {
    const proto = (window as unknown as Record<string, { prototype: object } | undefined>)[name]?.prototype;
    return proto ? [proto] : [];
  });
}

/** What jsdom itself answers for `control.labels` (its full walk), whether or not it was replaced. */
export function jsdomLabels(control: HTMLElement): unknown {
  for (let proto = Object.getPrototypeOf(control); proto; proto = Object.getPrototypeOf(proto)) {
    const saved = jsdomGetters.get(proto);
    if (saved) return saved.call(control);
    const own = Object.getOwnPropertyDescriptor(proto, 'labels');
    if (own?.get) return own.get.call(control);
  }
  return undefined;
}

/** Replaces jsdom's `labels` getters with `labelsOf` (a detached control keeps jsdom's own answer). */
export function installFastLabels(window: Window & typeof globalThis) {
  for (const proto of prototypesOf(window)) {
    if (jsdomGetters.has(proto)) continue;
    const original = Object.getOwnPropertyDescriptor(proto, 'labels')?.get;
    if (!original) continue;
    jsdomGetters.set(proto, original as (this: HTMLElement) => unknown);
    Object.defineProperty(proto, 'labels', {
      configurable: true,
      get(this: HTMLElement) {
        const root = this.getRootNode();
        if (!(root instanceof window.Document || root instanceof window.ShadowRoot)) {
          return original.call(this);
        }
        return labelsOf(this);
      },
    });
  }
}
