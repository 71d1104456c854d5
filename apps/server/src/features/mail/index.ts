// What other features may use of this one.
export {
  renderMail,
  renderSupportTicketMail,
  renderTicketAcknowledgement,
  type MailKind,
  type MailLanguage,
} from './templates';
export { renderAccountNotice, type AccountNotice } from './account-notices';
export { renderTicketReply } from './ticket-reply';
export { linkMailPayload } from './link-mail';
export { renderReceipt, type ReceiptFacts } from './receipt';
export { renderWatchMail, productUrl, type WatchMailProduct, type WatchMailAlert } from './watch-alerts';
