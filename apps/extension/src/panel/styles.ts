/**
 * The panel's styles, inside its shadow root so that Amazon's CSS and ours never meet. Colours follow
 * the system theme; both palettes keep text at WCAG AA contrast (checked by the e2e axe run).
 */
export const PANEL_CSS = `
:host { all: initial; display: block; margin: 0 0 12px; }
.cm-panel {
  --bg: #ffffff; --fg: #1f1f1f; --muted: #4a4a4a; --border: #c8c8c8; --accent: #0b57d0; --accent-fg: #ffffff;
  --problem: #a11a1a; --ok: #1b6b2a; --banned-bg: #fde7e7;
  font: 13px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  color: var(--fg); background: var(--bg); border: 1px solid var(--border); border-radius: 8px;
  padding: 10px 12px; box-sizing: border-box; max-width: 100%;
}
@media (prefers-color-scheme: dark) {
  .cm-panel {
    --bg: #1e1f22; --fg: #ececec; --muted: #c4c4c4; --border: #4b4d52; --accent: #8ab4f8; --accent-fg: #10131a;
    --problem: #ffb4ab; --ok: #8fd19e; --banned-bg: #4a1f1f;
  }
}
.cm-header { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
h2 { font-size: 15px; margin: 0; }
h3 { font-size: 13px; margin: 10px 0 4px; }
p { margin: 4px 0; }
a { color: var(--accent); }
button, select, input { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--border);
  border-radius: 6px; padding: 3px 8px; cursor: pointer; }
input { cursor: text; width: 8em; }
input[aria-invalid='true'] { border-color: var(--problem); }
button:disabled { cursor: default; opacity: 0.7; }
button:focus-visible, select:focus-visible, input:focus-visible, a:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.cm-primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
.cm-muted { color: var(--muted); }
.cm-problem { color: var(--problem); }
.cm-ok { color: var(--ok); }
.cm-banned { background: var(--banned-bg); border-radius: 6px; padding: 2px 6px; font-weight: 600; }
.cm-section { border-top: 1px solid var(--border); margin-top: 8px; padding-top: 4px; }
.cm-field, .cm-row { display: flex; align-items: center; gap: 6px; margin: 4px 0; flex-wrap: wrap; }
.cm-field label { min-width: 80px; }
.cm-figures { display: grid; grid-template-columns: 1fr 1fr; gap: 2px 12px; margin: 6px 0; }
.cm-figure { display: flex; justify-content: space-between; gap: 6px; }
.cm-figure dt { color: var(--muted); }
.cm-figure dd { margin: 0; font-weight: 600; }
.cm-table { border-collapse: collapse; width: 100%; margin: 4px 0; }
.cm-table th, .cm-table td { text-align: start; padding: 2px 4px; border-bottom: 1px solid var(--border); }
summary { cursor: pointer; color: var(--accent); }
summary:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.cm-list { list-style: none; padding: 0; margin: 4px 0; }
.cm-list li { display: flex; align-items: center; justify-content: space-between; gap: 6px; flex-wrap: wrap;
  padding: 2px 0; border-bottom: 1px solid var(--border); }
.cm-actions { display: flex; flex-direction: column; gap: 6px; margin-top: 6px; align-items: flex-start; }
[hidden] { display: none !important; }
`;
