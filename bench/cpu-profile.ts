// An opt-in CPU profile of a bench's measured window (BENCH_CPU_PROFILE=<dir>): the process's own
// JavaScript (an in-process server included) while the calls are measured, without the set-up around
// them. Writes `<dir>/<name>.cpuprofile` (open it in Chrome's DevTools, or summarise it with
// tools/cpu-profile-summary.ts). Without the variable it costs nothing.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

export async function profileWindow(name: string) {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return { stop: async () => {} };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 200 µs between samples: a 40 ms call gets about 200 of them.
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await session.post('Profiler.stop');
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${name}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`# CPU profile of ${name}: ${file}`);
    },
  };
}
