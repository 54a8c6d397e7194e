/**
 * Where a Linux process's resident memory is, by kind of mapping (/proc/self/smaps): glibc's
 * malloc arenas (the main one in `[heap]`, each other one a 64 MiB-aligned reservation that a
 * thread's mallocs grow into), other anonymous memory (V8's heap pages, large mallocs that get
 * a mapping of their own, thread stacks) and file-backed pages (the node binary, libraries).
 * Together with each isolate's heap figures it splits the RSS that no V8 heap explains.
 */
import { readFile } from 'node:fs/promises';

export interface NativeMemory {
  /** glibc's main arena (the brk heap). */
  mainArenaKb: number;
  /** glibc's other arenas: how many, and what of them is resident. */
  threadArenas: number;
  threadArenasKb: number;
  /** Anonymous memory outside the arenas: V8 heap pages, mmapped mallocs, stacks. */
  otherAnonKb: number;
  fileKb: number;
  rssKb: number;
}

const arenaSize = 64 * 1024 * 1024;

interface Mapping {
  start: number;
  end: number;
  perms: string;
  path: string;
  rssKb: number;
}

function mappings(text: string): Mapping[] {
  const out: Mapping[] = [];
  for (const line of text.split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      out.push({ start: parseInt(header[1]!, 16), end: parseInt(header[2]!, 16), perms: header[3]!, path: header[4]!, rssKb: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && out.length) out[out.length - 1]!.rssKb = Number(rss[1]);
  }
  return out;
}

/**
 * The process's memory now. /proc/self/smaps is read off the event loop (the kernel walks
 * every mapping's pages while it is read: 20-30 ms in a console of a few hundred MB, which a
 * synchronous read put on the loop whose delay the benchmarks report).
 */
export async function nativeMemory(): Promise<NativeMemory> {
  return nativeMemoryOf(await readFile('/proc/self/smaps', 'utf8'));
}

export function nativeMemoryOf(smaps: string): NativeMemory {
  const all = mappings(smaps);
  const result: NativeMemory = { mainArenaKb: 0, threadArenas: 0, threadArenasKb: 0, otherAnonKb: 0, fileKb: 0, rssKb: 0 };
  for (let i = 0; i < all.length; i++) {
    const m = all[i]!;
    result.rssKb += m.rssKb;
    if (m.path === '[heap]') result.mainArenaKb += m.rssKb;
    else if (m.path.startsWith('/')) result.fileKb += m.rssKb;
    else if (isArena(m, all[i + 1])) {
      result.threadArenas++;
      result.threadArenasKb += m.rssKb;
    } else result.otherAnonKb += m.rssKb;
  }
  return result;
}

/** An arena: 64 MiB-aligned, read-write, its reservation (the rest, PROT_NONE) right after it, 64 MiB in all. */
function isArena(m: Mapping, next: Mapping | undefined): boolean {
  if (m.path !== '' || m.perms !== 'rw-p' || m.start % arenaSize !== 0) return false;
  if (m.end - m.start === arenaSize) return true;
  return next !== undefined && next.start === m.end && next.perms === '---p' && next.end - m.start === arenaSize;
}
