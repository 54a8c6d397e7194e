/**
 * Text with break opportunities after each path separator (`/`), so that a long path wraps
 * between its directories rather than inside a name; the text itself is unchanged (a <wbr> adds
 * no character to what is selected or copied).
 */
import { Fragment } from 'react';

export function PathText({ text }: { text: string }) {
  const parts = text.split('/');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? (
            <>
              /<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}
