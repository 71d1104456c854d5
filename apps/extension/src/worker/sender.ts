/** Who sent a message, as chrome.runtime.onMessage names it (the fields read here). */
export interface MessageSender {
  id?: string;
  url?: string;
}

/**
 * Whether a message comes from this extension's options page. Content scripts run inside Amazon's page
 * (its process, a bug away from the page's scripts) and their sender's `url` is that page's; the options
 * page (opened in a tab, so `tab` alone tells nothing) has the extension's own URL.
 */
export function isOptionsPage(sender: MessageSender, extensionId: string, optionsUrl: string): boolean {
  if (sender.id !== extensionId || !sender.url) return false;
  try {
    const from = new URL(sender.url);
    const options = new URL(optionsUrl);
    return from.origin === options.origin && from.pathname === options.pathname;
  } catch {
    return false;
  }
}
