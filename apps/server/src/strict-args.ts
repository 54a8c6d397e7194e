/**
 * Every `dojo-console` command's flags are parsed strictly (an unknown flag, a missing value, a
 * flag given the wrong type is refused, never ignored) and each refusal is that command's usage
 * error, so the command exits 2 with the parser's message.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export function strictArgs<O extends Options>(
  argv: readonly string[],
  options: O,
  usageError: (message: string) => Error,
): ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: O }>> {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options });
  } catch (err) {
    throw usageError((err as Error).message);
  }
}
