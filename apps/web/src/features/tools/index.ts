// What other parts of the app may use of the tools page.
export { ToolsPage } from './tools-page';
export { inlineRunner, workerRunner, type DedupeRunner } from './dedupe-runner';
