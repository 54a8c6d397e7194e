/**
 * The differences from kube-apiserver that docs/fidelity.md lists as intended, as the fuzzer
 * meets them: each is made equal on both sides before answers are compared, so that a sequence
 * fails only on a difference nobody has explained. The scripted steps list theirs one by one
 * (known-differences*.ts); a fuzzer meets these everywhere.
 */

/** Differences within a text, replaced by the same words on both sides. */
const intendedDifferences: { what: string; pattern: RegExp; replacement: string }[] = [
  {
    what: 'a YAML syntax error is described by our YAML parser (npm yaml), not go-yaml: same status, reason and prefix, other words',
    pattern: /(error converting YAML to JSON: )(?:[^"\\]|\\.)*/g,
    replacement: "$1<the YAML parser's words>",
  },
];

/**
 * Intended differences that span a whole answer: kube-apiserver answers a server-side apply of
 * a custom resource whose fields do not fit its schema with a 500 from converting the patch to
 * a typed value ("failed to create typed patch object ... expected list, got &{true}"); we
 * answer the 422 Invalid a create or update of that object gets, naming the field.
 */
export function equalizeIntended(oursAsSent: string, theirs: string): [string, string] {
  const ours = withTypedErrorsOf(oursAsSent, theirs);
  // The same "failed to create typed patch object" text as our 400 BadRequest (patch-errors.ts:
  // a malformed patch is the client's fault, never a server's 500): only code and reason differ.
  if (/\nstatus 500\n[\s\S]*failed to create typed patch object/.test(theirs) && /\nstatus 400\n[\s\S]*failed to create typed patch object/.test(ours)) {
    return [
      ours
        .replace('\nstatus 400\n', '\nstatus 500\n')
        .replace('"code": 400,', '"code": 500,')
        .replace(/\n\s*"reason": "BadRequest",/, ''),
      theirs,
    ];
  }
  if (/\nstatus 500\n[\s\S]*failed to create typed patch object/.test(theirs) && /\nstatus 422\n/.test(ours)) {
    const same = `${theirs.split('\n')[0]}\n<an ill-typed apply of a custom resource: kube-apiserver 500, ours 422 (docs/fidelity.md)>`;
    return [same, same];
  }
  return [ours, theirs];
}

export function withoutIntendedDifferences(text: string): string {
  return inSortedOrder(intendedDifferences.reduce((out, { pattern, replacement }) => out.replace(pattern, replacement), text));
}

const typedMessage = /"message": "(failed to create typed patch object \([^)]*\): )((?:[^"\\]|\\.)*)"/;

/** The error lines of a typed conversion's message (one, or each of an "errors:" block). */
function typedErrorLines(detail: string): string[] {
  return detail.startsWith('errors:\\n  ') ? detail.slice('errors:\\n  '.length).split('\\n  ') : [detail];
}

/**
 * SMD stops walking a map at its first undeclared field, and Go walks a map in random order, so
 * kube-apiserver reports any part of a configuration's type errors that ends at such a field;
 * ours reports all of them. Ours is taken as theirs when theirs names nothing ours does not.
 */
function withTypedErrorsOf(ours: string, theirs: string): string {
  const mine = typedMessage.exec(ours);
  const kubes = typedMessage.exec(theirs);
  if (!mine || !kubes || mine[1] !== kubes[1]) return ours;
  const lines = new Set(typedErrorLines(mine[2]!));
  return typedErrorLines(kubes[2]!).every((line) => lines.has(line)) ? ours.replace(mine[0], kubes[0]) : ours;
}

/**
 * SMD lists a typed conversion's errors in the order it walks the configuration, and Go walks a
 * map in random order: kube-apiserver answers the same apply with its "errors:" lines in any
 * order (ours follow the configuration's). The lines are compared sorted.
 */
function inSortedOrder(text: string): string {
  return text.replace(/(failed to create typed patch object [^"]*?: errors:)((?:\\n {2}(?:[^"\\]|\\[^n])*)+)/g, (_all, head: string, lines: string) => {
    return (
      head +
      lines
        .split('\\n  ')
        .filter(Boolean)
        .sort()
        .map((line) => `\\n  ${line}`)
        .join('')
    );
  });
}

/**
 * An Invalid `patch` quotes the patched object's JSON, whose member order is Go's (a merge
 * patch's lazy decoding sorts the members it touched and keeps the rest as sent): the text
 * between `Invalid value: "` and `": json: ` is compared as a placeholder; status, reason,
 * the field and the decoder's words are compared.
 */
function withoutPatchedJson(text: string): string {
  const start = text.indexOf('patch: Invalid value: "');
  const end = text.indexOf('": json: ');
  return start >= 0 && end > start ? `${text.slice(0, start)}patch: Invalid value: <the patched object's JSON>${text.slice(end + 1)}` : text;
}

export function withoutIntendedBodyDifferences(body: unknown): unknown {
  const status = body as { kind?: string; message?: string; details?: { causes?: { field?: string; message?: string }[] } } | null;
  if (status?.kind !== 'Status' || !status.details?.causes?.some((c) => c.field === 'patch')) return body;
  return {
    ...status,
    message: withoutPatchedJson(status.message ?? ''),
    details: {
      ...status.details,
      causes: status.details.causes.map((c) =>
        c.field === 'patch' ? { ...c, message: withoutPatchedJson(`patch: ${c.message ?? ''}`).slice('patch: '.length) } : c,
      ),
    },
  };
}
