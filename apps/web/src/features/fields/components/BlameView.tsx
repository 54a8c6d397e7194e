/** The newest recorded version as YAML, each line with its field's last writer and when. */
import type { BlameLine } from '@dojo/console-protocol';
import { formatAge } from '../../../lib/time-format.ts';
import { writerSource, writerText } from '../model/field-text.ts';

export function BlameView({ lines, now }: { lines: readonly BlameLine[]; now: number }) {
  return (
    <div
      tabIndex={0}
      aria-label="Blame of the YAML"
      role="region"
      className="max-h-[70vh] overflow-auto rounded-md border border-slate-200 bg-slate-900 dark:border-slate-700"
    >
      <table className="w-full border-collapse font-mono text-xs leading-relaxed">
        <caption className="sr-only">Each line of the newest recorded version with its last writer</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Last writer</th>
            <th scope="col">When</th>
            <th scope="col">Version</th>
            <th scope="col">Line</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => {
            // A run of lines from one version reads as one block: its first line bright, the rest dim.
            const repeat = line.last !== undefined && line.last.resourceVersion === lines[i - 1]?.last?.resourceVersion;
            const tone = repeat ? 'text-slate-400' : 'text-sky-300';
            return (
              <tr key={i} title={line.path} className="align-top">
                <td className={`w-40 max-w-40 truncate border-r border-slate-700 px-2 ${tone}`} title={line.last ? writerSource(line.last.writer) : undefined}>
                  {line.last ? writerText(line.last.writer) : ''}
                </td>
                <td className={`w-16 border-r border-slate-700 px-2 text-right ${repeat ? 'text-slate-400' : 'text-slate-200'}`}>
                  {line.last ? formatAge(line.last.time, now) : ''}
                </td>
                <td className={`w-14 border-r border-slate-700 px-2 text-right ${repeat ? 'text-slate-400' : 'text-slate-200'}`}>
                  {line.last?.resourceVersion ?? ''}
                </td>
                <td className="px-3 whitespace-pre text-slate-100">{line.text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
