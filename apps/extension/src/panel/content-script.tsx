import { createRoot } from 'react-dom/client';
import { asinOf, buyBoxOf, languageOf } from '../page/product-page';
import { marketplaceOfHost } from '../shared/marketplace';
import { sendToWorker } from '../shared/protocol';
import { Panel } from './panel';
import { PANEL_CSS } from './styles';

/** `build.mjs`'s shadow-root mode: closed in the shipped build. */
declare const __PANEL_SHADOW__: ShadowRootMode | undefined;

/**
 * The content script on Amazon's product pages: finds the product and the marketplace, then mounts the
 * panel in a shadow root beside the buy box (or floating at the top right when the layout has none).
 * A test build also runs on a local product-like page, whose marketplace comes from `data-marketplace`.
 */
async function mount() {
  if (document.getElementById('crossmarket-panel')) return;
  const page =
    marketplaceOfHost(location.hostname) ??
    (document.documentElement.dataset.marketplace as ReturnType<typeof marketplaceOfHost>) ??
    null;
  if (!page) return;
  const host = document.createElement('div');
  host.id = 'crossmarket-panel';
  const buyBox = buyBoxOf(document);
  if (buyBox) buyBox.prepend(host);
  else {
    Object.assign(host.style, {
      position: 'fixed',
      top: '80px',
      right: '16px',
      width: '320px',
      zIndex: '2147483000',
    });
    document.body.append(host);
  }
  const shadow = host.attachShadow({
    mode: typeof __PANEL_SHADOW__ === 'string' ? __PANEL_SHADOW__ : 'open',
  });
  const style = document.createElement('style');
  style.textContent = PANEL_CSS;
  const root = document.createElement('div');
  shadow.append(style, root);
  // The remembered choices come through the worker: this script never reads the stored token.
  const status = await sendToWorker({ type: 'status' });
  const stored = status.ok ? status.data.prefs : {};
  createRoot(root).render(
    <Panel
      asin={asinOf(location.href, document)}
      page={page}
      lang={languageOf(document)}
      send={sendToWorker}
      stored={stored}
      remember={(values) => void sendToWorker({ type: 'remember', values })}
    />,
  );
}

void mount();
