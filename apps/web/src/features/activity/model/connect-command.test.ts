import { describe, expect, it } from 'vitest';
import { connectCommandLine } from './connect-command.ts';

describe('the connect command shown for this console', () => {
  it("carries the console's absolute data dir, so it reaches this console from any directory", () => {
    expect(connectCommandLine('my-operator', '/home/me/project/.dojo-console')).toBe(
      'npx dojo-console connect my-operator --data-dir /home/me/project/.dojo-console',
    );
  });

  it('quotes a data dir the shell would split', () => {
    expect(connectCommandLine('my-operator', "/home/me/my project/it's")).toBe(
      `npx dojo-console connect my-operator --data-dir '/home/me/my project/it'\\''s'`,
    );
  });
});
