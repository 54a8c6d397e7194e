/**
 * How deeply a decoded JSON value nests, measured without recursion. V8's JSON.parse reads a
 * document nested 100,000 deep without trouble, but every recursive walker after it (ours,
 * JSON.stringify, protobufjs) overflows the stack long before: input from outside is checked
 * here first and refused above a documented depth, so no walker ever sees it.
 */

/** Whether `value` nests objects and arrays deeper than `maxDepth` (a scalar is depth 0, `{}` and `[]` depth 1). */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
