/**
 * Swagger UI's page, made to pass axe (WCAG 2.2 AA) like the rest of the site. Served as files of the
 * page's own theme, so the site-wide CSP (no inline script) holds.
 */
export const DOCS_CSS = `
/* Example and response bodies wrap instead of scrolling: a scrolled region needs keyboard access. */
.swagger-ui .highlight-code > .microlight {
  max-height: none;
  overflow: visible;
  white-space: pre-wrap;
  word-break: break-word;
}
/* 4.5:1 at least: Swagger's method badges, green on white, grey labels, version badges and links fall short. */
.swagger-ui .opblock.opblock-get .opblock-summary-method {
  background: #1d6fb8;
}
.swagger-ui .opblock.opblock-post .opblock-summary-method {
  background: #1a7048;
}
.swagger-ui .opblock.opblock-put .opblock-summary-method {
  background: #a35200;
}
.swagger-ui .opblock.opblock-patch .opblock-summary-method {
  background: #0f7a63;
}
.swagger-ui .opblock.opblock-delete .opblock-summary-method {
  background: #c0262b;
}
.swagger-ui .parameter__in,
.swagger-ui .parameter__type,
.swagger-ui .prop-format {
  color: #595959;
}
.swagger-ui .btn.authorize,
.swagger-ui .auth-btn-wrapper .btn.authorize {
  color: #1a7048;
  border-color: #1a7048;
}
.swagger-ui .btn.authorize svg {
  fill: #1a7048;
}
.swagger-ui .info .title small {
  background: #555c68;
}
.swagger-ui .info .title small.version-stamp {
  background: #3b6800;
}
.swagger-ui .info a,
.swagger-ui .info .url {
  color: #1d5fa6;
}
`;

/** Names the controls Swagger UI leaves unnamed (the dialog's close icon), whenever they appear. */
export const DOCS_JS = `
new MutationObserver(function () {
  document.querySelectorAll('.swagger-ui .close-modal:not([aria-label])').forEach(function (button) {
    button.setAttribute('aria-label', 'Close');
  });
}).observe(document.body, { childList: true, subtree: true });
`;
