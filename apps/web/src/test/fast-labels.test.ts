import { afterEach, describe, expect, it } from 'vitest';
import { installFastLabels, jsdomLabels, labelsOf } from './fast-labels';

// Tricky trees for the `labels` rule: ids repeated, labels nested and pointing elsewhere, hidden inputs,
// empty `for`, non-labelable targets, quotes in ids, several labels for one control, a shadow root.
const PAGE = `
  <label id="l1" for="a">A</label><input id="a">
  <label id="l2">Wrapped <span><input id="b"></span><input id="c"></label>
  <label id="l3" for="c">Also C</label>
  <label id="l4" for="dup">Dup</label><input id="dup"><select id="dup"></select>
  <label id="l5" for="">Empty</label><input id="">
  <label id="l6" for="div">Div</label><div id="div"></div>
  <label id="l7" for="h">Hidden</label><input type="hidden" id="h">
  <label id="l8" for='q"uote'>Quote</label><textarea id='q"uote'></textarea>
  <label id="l9" for="e">Outer <label id="l10">Inner <input id="e"></label></label>
  <label id="l11" for="btn">Button</label><button id="btn"></button>
  <label id="l12">Wraps a button first <button id="btn2"></button><input id="f"></label>
  <label id="l13" for="f">F again</label>
  <input id="g"><label id="l14" for="g">After</label><label id="l15" for="g">After again</label>
  <meter id="m"></meter><label id="l16" for="m">Meter</label>
  <div id="host"></div>
`;

const ids = (labels: unknown) =>
  labels === null || labels === undefined ? labels : Array.from(labels as Iterable<Element>, (l) => l.id);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the fast `labels` of form controls', () => {
  it("answers exactly what jsdom's own walk answers, control by control", () => {
    document.body.innerHTML = PAGE;
    const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' });
    shadow.innerHTML =
      '<label id="s1" for="sa">S</label><input id="sa"><label id="s2"><input id="sb"></label>';
    const controls = [
      ...document.querySelectorAll<HTMLElement>('input, select, textarea, button, meter'),
      ...shadow.querySelectorAll<HTMLElement>('input'),
    ];
    const expected = controls.map((c) => ids(jsdomLabels(c)));
    expect(controls.map((c) => ids(labelsOf(c)))).toEqual(expected);
    // The tree does make each case happen (a blanket answer could not pass).
    expect(expected).toEqual(
      expect.arrayContaining([
        ['l1'],
        ['l2'],
        ['l3'],
        ['l9', 'l10'],
        ['l14', 'l15'],
        ['l16'],
        ['s1'],
        ['s2'],
        null,
      ]),
    );
  });

  it('is what `labels` answers once installed (the web setup installs it)', () => {
    installFastLabels(window);
    document.body.innerHTML = PAGE;
    const input = document.getElementById('e') as HTMLInputElement;
    expect(ids(input.labels)).toEqual(['l9', 'l10']);
  });

  it("keeps jsdom's answer for a control outside any document", () => {
    installFastLabels(window);
    const label = document.createElement('label');
    const input = document.createElement('input');
    label.append(input);
    expect(Array.from(input.labels ?? [])).toEqual([label]);
  });
});
