/**
 * Just enough of a Dockerfile parser to check one: instructions (continuation lines joined,
 * comments and parser directives dropped) grouped into build stages. Exec-form arguments
 * (a JSON array) are decoded; ARGs declared before the first FROM are substituted in FROM.
 */

export interface Instruction {
  readonly keyword: string;
  /** The rest of the line, continuations joined with spaces. */
  readonly args: string;
  /** The JSON array of the exec form, when the instruction uses it. */
  readonly exec?: string[];
  readonly line: number;
}

export interface Stage {
  /** The image this stage starts from, with global ARGs substituted. */
  readonly from: string;
  readonly name?: string;
  readonly instructions: Instruction[];
}

export interface Dockerfile {
  readonly globalArgs: Record<string, string>;
  readonly stages: Stage[];
}

function execForm(args: string): string[] | undefined {
  if (!args.startsWith('[')) return undefined;
  try {
    const value: unknown = JSON.parse(args);
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}

export function parseInstructions(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = '';
  let start = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trimEnd();
    if (pending === '' && /^\s*(#|$)/.test(line)) return;
    if (pending !== '' && /^\s*#/.test(line)) return;
    if (pending === '') start = index + 1;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      return;
    }
    const whole = (pending + line.trim()).trim();
    pending = '';
    const keyword = whole.split(/\s+/, 1)[0] ?? '';
    const args = whole.slice(keyword.length).trim();
    const exec = execForm(args);
    instructions.push({ keyword: keyword.toUpperCase(), args, ...(exec ? { exec } : {}), line: start });
  });
  return instructions;
}

export function parseDockerfile(text: string): Dockerfile {
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const instruction of parseInstructions(text)) {
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = instruction.args.split(/\s+/);
      const from = image.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a: string | undefined, b: string | undefined) => globalArgs[(a ?? b)!] ?? '');
      stages.push({ from, ...(as?.toUpperCase() === 'AS' && name ? { name } : {}), instructions: [] });
    } else if (stages.length === 0 && instruction.keyword === 'ARG') {
      const [key = '', value = ''] = instruction.args.split('=');
      globalArgs[key] = value;
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}
