/**
 * One command-line flag, declared once: the `dojo-console up` parser (node:util `parseArgs`)
 * and `--help` are both read from the declaration, so a flag cannot exist without its help
 * line, nor be described a second time by hand. The server's own flags (apps/server's
 * up-flags.ts) and every operator module's `options` use this shape.
 */
export interface FlagDeclaration {
  /** Without the dashes, e.g. "kafka-url". */
  readonly flag: string;
  /** The value's placeholder in `--help` ("URL", "N"); absent: a switch that takes no value. */
  readonly value?: string;
  /** What it does, as `--help` shows it; what applies without it goes in `default`. */
  readonly help: string;
  /** What applies when the flag is not given, in words ("the built-in simulator"). */
  readonly default?: string;
  /** Repeatable: every occurrence is kept. */
  readonly multiple?: boolean;
  /** A one-letter alias ("h" for --help). */
  readonly short?: string;
}

/**
 * A setting an operator module declares for itself (`OperatorModule.options`): the flag the
 * person gives, and the `key` under which the module finds the value in `context.settings`.
 */
export interface ModuleOption extends FlagDeclaration {
  readonly key: string;
  /** Refuses a bad value before anything starts: answers what is wrong, or undefined. */
  check?(raw: string): string | undefined;
}

/** The node:util `parseArgs` option of a declared flag. */
export function parseArgsOption(declaration: FlagDeclaration): { type: 'string' | 'boolean'; multiple?: boolean; short?: string } {
  return {
    type: declaration.value === undefined ? 'boolean' : 'string',
    ...(declaration.multiple ? { multiple: true } : {}),
    ...(declaration.short ? { short: declaration.short } : {}),
  };
}
