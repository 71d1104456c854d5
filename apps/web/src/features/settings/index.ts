// What other features may use of settings: the Amazon connection prompt and link, and how to read a
// refusal for want of a connection (the pages are the router's).
export { notConnectedParams, notConnectedRegion } from './amazon-not-connected';
export { AmazonConnectPrompt, ConnectAmazonLink, NotSellingPrompt } from './components/amazon-connect-prompt';
