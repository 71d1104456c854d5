// Summarises a .cpuprofile (bench/cpu-profile.ts, or `node --cpu-prof`): the functions with the most
// self time, and the most inclusive time, as shares of the profile's samples. Usage:
//   node --import tsx bench/cpu-profile-summary.ts <file.cpuprofile> [rows] [filter]
// `filter` keeps only the samples whose stack passes through a function whose name or file contains it.
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, rowsArg, filter] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [rows] [filter]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const rows = Number(rowsArg ?? 30);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n: Node) => {
  const url = n.callFrame.url
    .replace(/^.*node_modules\//, '~/')
    .replace(/^.*\/(apps|packages|bench)\//, '$1/');
  return `${n.callFrame.functionName || '(anonymous)'} ${url}:${n.callFrame.lineNumber + 1}`;
};
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  const stack: Node[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!);
  if (filter && !stack.some((n) => label(n).includes(filter))) return;
  total += ms;
  const top = label(stack[0]!);
  self.set(top, (self.get(top) ?? 0) + ms);
  for (const name of new Set(stack.map(label))) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
});
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (of ${total.toFixed(0)} ms sampled)`);
  for (const [name, ms] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}`);
  }
};
show('self time', self);
show('inclusive time', inclusive);
