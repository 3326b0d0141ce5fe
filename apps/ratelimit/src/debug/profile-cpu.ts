// CPU profile of this process for N seconds, the Node equivalent of Go's /debug/pprof/profile:
// a `.cpuprofile` JSON that Chrome DevTools and speedscope open.
import { Session } from 'node:inspector/promises';

export async function profileCpu(seconds: number): Promise<string> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const { profile } = await session.post('Profiler.stop');
    return JSON.stringify(profile);
  } finally {
    session.disconnect();
  }
}
