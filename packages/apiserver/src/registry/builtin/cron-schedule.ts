/**
 * CronJob's spec.schedule check: the error text of github.com/robfig/cron/v3's ParseStandard,
 * which kube-apiserver puts verbatim into "spec.schedule: Invalid value". Five fields (minute,
 * hour, day of month, month, day of week) or a descriptor (@hourly, @every 1h30m, ...).
 */

interface Bounds {
  min: number;
  max: number;
  names?: Readonly<Record<string, number>>;
}

const months: Bounds = { min: 1, max: 12, names: { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 } };
const weekdays: Bounds = { min: 0, max: 6, names: { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } };
/** minute, hour, day of month, month, day of week. */
const standardFields: readonly Bounds[] = [{ min: 0, max: 59 }, { min: 0, max: 23 }, { min: 1, max: 31 }, months, weekdays];

const descriptors = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

class CronError extends Error {}

/** Go's strconv.Atoi, with its error text. */
function atoi(text: string): number {
  if (!/^[+-]?\d+$/.test(text)) throw new CronError(`failed to parse int from ${text}: strconv.Atoi: parsing ${JSON.stringify(text)}: invalid syntax`);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || Math.abs(n) > 2 ** 63 - 1)
    throw new CronError(`failed to parse int from ${text}: strconv.Atoi: parsing ${JSON.stringify(text)}: value out of range`);
  if (n < 0) throw new CronError(`negative number (${n}) not allowed: ${text}`);
  return n;
}

function intOrName(text: string, bounds: Bounds): number {
  const named = bounds.names?.[text.toLowerCase()];
  return named ?? atoi(text);
}

/** robfig's getRange: `*`, `?`, `a`, `a-b`, each with an optional `/step`. */
function checkRange(expr: string, bounds: Bounds): void {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0]!.split('-');
  let start: number;
  let end: number;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = bounds.min;
    end = bounds.max;
  } else {
    start = intOrName(lowAndHigh[0]!, bounds);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = intOrName(lowAndHigh[1]!, bounds);
    else throw new CronError(`too many hyphens: ${expr}`);
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    step = atoi(rangeAndStep[1]!);
    if (lowAndHigh.length === 1) end = bounds.max;
  } else if (rangeAndStep.length > 2) throw new CronError(`too many slashes: ${expr}`);
  if (start < bounds.min) throw new CronError(`beginning of range (${start}) below minimum (${bounds.min}): ${expr}`);
  if (end > bounds.max) throw new CronError(`end of range (${end}) above maximum (${bounds.max}): ${expr}`);
  if (start > end) throw new CronError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new CronError(`step of range should be a positive number: ${expr}`);
}

/** Go's time.ParseDuration, accepting what it accepts ("1h30m", "90s", "1.5h"). */
function checkDuration(text: string): void {
  if (text === '0' || /^[+-]?((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))+$/.test(text)) return;
  throw new CronError(`failed to parse duration ${text}: time: invalid duration ${JSON.stringify(text)}`);
}

function checkDescriptor(spec: string): void {
  if (descriptors.has(spec)) return;
  if (spec.startsWith('@every ')) return checkDuration(spec.slice('@every '.length));
  throw new CronError(`unrecognized descriptor: ${spec}`);
}

/** The parse error kube reports for `schedule`, or undefined when it parses. */
export function cronScheduleError(schedule: string): string | undefined {
  try {
    let spec = schedule;
    if (spec.length === 0) throw new CronError('empty spec string');
    if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
      const space = spec.indexOf(' ');
      // robfig slices up to the first space and panics without one; kube recovers the panic.
      if (space < 0) throw new CronError(`invalid schedule format: runtime error: slice bounds out of range [:-1]`);
      spec = spec.slice(space).trim();
    }
    if (spec.startsWith('@')) {
      checkDescriptor(spec);
      return undefined;
    }
    const fields = spec.split(/\s+/).filter((f) => f !== '');
    if (fields.length !== standardFields.length) {
      throw new CronError(`expected exactly ${standardFields.length} fields, found ${fields.length}: [${fields.join(' ')}]`);
    }
    fields.forEach((f, i) => {
      for (const expr of f.split(',').filter((e) => e !== '')) checkRange(expr, standardFields[i]!);
    });
    return undefined;
  } catch (e) {
    if (e instanceof CronError) return e.message;
    throw e;
  }
}
