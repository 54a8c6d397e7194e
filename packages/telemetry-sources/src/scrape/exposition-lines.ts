/**
 * The Prometheus text format (0.0.4) read line by line, within `ScrapeLimits`: samples with
 * their labels and value, and `# TYPE` lines. A line that is not the format is an
 * `ExpositionSyntaxError` that says where (line, byte offset) and what was expected, never
 * what was there: a wrong URL can serve any file (a password file, a page with a token), and
 * the error is shown to everyone who opens the console. One pass, linear in the text.
 *
 * The grammar is client_golang's expfmt text parser: blanks (space, tab) around tokens, a
 * metric name `[a-zA-Z_:][a-zA-Z0-9_:]*`, optional labels `{name="value",…}` (a trailing
 * comma allowed; `\\`, `\"` and `\n` escaped in values), a Go float value, an optional
 * integer timestamp (ignored). `# HELP` and other comments are skipped.
 */
import { ScrapeLimitError, type ScrapeLimits } from './scrape-limits.ts';

export type Labels = Readonly<Record<string, string>>;

export interface SampleLine {
  readonly name: string;
  readonly labels: Labels;
  readonly value: number;
}

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export class ExpositionSyntaxError extends Error {}

const metricTypes = new Set<string>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
// Go's ParseFloat, which client_golang's parser uses: decimals, exponents, NaN and ±Inf.
const floatValue = /^[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?)$/;
const timestamp = /^-?\d{1,19}$/;

function parseValue(token: string): number | undefined {
  if (floatValue.test(token)) return Number(token);
  const lower = token.toLowerCase();
  if (lower === 'nan') return NaN;
  if (lower === 'inf' || lower === '+inf') return Infinity;
  if (lower === '-inf') return -Infinity;
  return undefined;
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';
const isNameStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === ':';
const isNameChar = (c: string) => isNameStart(c) || (c >= '0' && c <= '9');
const isLabelStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isLabelChar = (c: string) => isLabelStart(c) || (c >= '0' && c <= '9');

export interface ExpositionVisitor {
  sample(line: SampleLine): void;
  type(name: string, type: MetricType): void;
}

/** Reads `text`, calling `visit` for each sample and `# TYPE`; throws at the first malformed line or passed limit. */
export function readExpositionLines(text: string, limits: ScrapeLimits, visit: ExpositionVisitor): void {
  let samples = 0;
  let lineStart = 0;
  let lineNumber = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    lineNumber++;
    const line = text.slice(lineStart, lineEnd);
    const fail = (column: number, expected: string): never => {
      const offset = Buffer.byteLength(text.slice(0, lineStart + column), 'utf8');
      throw new ExpositionSyntaxError(`not the Prometheus text format: line ${lineNumber} (byte offset ${offset}): expected ${expected}`);
    };
    const parsed = readLine(line, limits, fail);
    if (parsed?.kind === 'sample') {
      if (++samples > limits.sampleLimit) throw new ScrapeLimitError('sample_limit', `the target exposes more than ${limits.sampleLimit} samples`);
      visit.sample(parsed.sample);
    } else if (parsed?.kind === 'type') visit.type(parsed.name, parsed.type);
    lineStart = lineEnd + 1;
  }
}

type Fail = (column: number, expected: string) => never;
type ParsedLine = { kind: 'sample'; sample: SampleLine } | { kind: 'type'; name: string; type: MetricType } | undefined;

function readLine(line: string, limits: ScrapeLimits, fail: Fail): ParsedLine {
  let i = 0;
  while (isBlank(line[i])) i++;
  if (i === line.length || (i === line.length - 1 && line[i] === '\r')) return undefined;
  if (line[i] === '#') return readComment(line.slice(i), i, fail);
  const nameStart = i;
  if (!isNameStart(line[i]!)) fail(i, 'a metric name');
  while (i < line.length && isNameChar(line[i]!)) i++;
  // The name is Prometheus' __name__ label: its value is limited like any label's.
  if (i - nameStart > limits.labelValueLengthLimit)
    throw new ScrapeLimitError('label_value_length_limit', `a metric name is longer than ${limits.labelValueLengthLimit} characters`);
  const name = line.slice(nameStart, i);
  const afterName = i;
  while (isBlank(line[i])) i++;
  const labels: Record<string, string> = {};
  if (line[i] === '{') {
    i = readLabels(line, i + 1, labels, limits, fail);
    while (isBlank(line[i])) i++;
  } else if (i === afterName) fail(i, "a blank or '{' after the metric name");
  const rest = line
    .slice(i)
    .trimEnd()
    .split(/[ \t]+/);
  const value = parseValue(rest[0] ?? '');
  if (value === undefined) fail(i, 'a number as the value');
  if (rest.length > 2 || (rest.length === 2 && !timestamp.test(rest[1]!))) fail(i, 'at most a timestamp after the value');
  return { kind: 'sample', sample: { name, labels, value: value! } };
}

/** Reads `name="value",…}` from `i`; returns the index after `}`. */
function readLabels(line: string, i: number, labels: Record<string, string>, limits: ScrapeLimits, fail: Fail): number {
  let count = 0;
  for (;;) {
    while (isBlank(line[i])) i++;
    if (line[i] === '}') return i + 1;
    const start = i;
    if (i >= line.length || !isLabelStart(line[i]!)) fail(i, "a label name or '}'");
    while (i < line.length && isLabelChar(line[i]!)) i++;
    const label = line.slice(start, i);
    if (label.length > limits.labelNameLengthLimit)
      throw new ScrapeLimitError('label_name_length_limit', `a label name is longer than ${limits.labelNameLengthLimit} characters`);
    if (++count > limits.labelLimit) throw new ScrapeLimitError('label_limit', `a sample has more than ${limits.labelLimit} labels`);
    while (isBlank(line[i])) i++;
    if (line[i] !== '=') fail(i, "'=' after a label name");
    i++;
    while (isBlank(line[i])) i++;
    if (line[i] !== '"') fail(i, 'a quoted label value');
    i++;
    let value = '';
    let chunk = i;
    for (;;) {
      if (i >= line.length) fail(i, 'the end of a quoted label value');
      const c = line[i];
      if (c === '"') break;
      if (c === '\\') {
        const next = line[i + 1];
        if (next !== '\\' && next !== '"' && next !== 'n') fail(i, 'an escape of \\\\, \\" or \\n');
        value += line.slice(chunk, i) + (next === 'n' ? '\n' : next);
        i += 2;
        chunk = i;
      } else i++;
      // Checked while reading: a value of megabytes is refused before it is copied.
      if (value.length + (i - chunk) > limits.labelValueLengthLimit)
        throw new ScrapeLimitError('label_value_length_limit', `a label value is longer than ${limits.labelValueLengthLimit} characters`);
    }
    value += line.slice(chunk, i);
    i++;
    if (Object.hasOwn(labels, label)) fail(start, 'each label once in a sample');
    labels[label] = value;
    while (isBlank(line[i])) i++;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') fail(i, "',' or '}' after a label value");
  }
}

function readComment(comment: string, at: number, fail: Fail): ParsedLine {
  const words = comment
    .slice(1)
    .trim()
    .split(/[ \t]+/);
  if (words[0] !== 'TYPE') return undefined;
  if (words.length !== 3 || !metricName.test(words[1]!)) fail(at, '# TYPE, a metric name and a type');
  if (!metricTypes.has(words[2]!)) fail(at, 'a type of counter, gauge, histogram, summary or untyped');
  return { kind: 'type', name: words[1]!, type: words[2] as MetricType };
}
