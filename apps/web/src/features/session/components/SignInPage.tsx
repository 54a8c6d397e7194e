/**
 * Shown when the server answers 401. The console token is in the URL `npm start` printed and in
 * `<data-dir>/console-token`; `/login?token=` turns it into an HttpOnly cookie.
 */
import { useId, useState } from 'react';
import { Button } from '../../../components/Button.tsx';

export function SignInPage() {
  const [token, setToken] = useState('');
  const id = useId();
  return (
    <div className="mx-auto mt-16 max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-lg font-semibold">Sign in</h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Open the login URL printed by <code className="font-mono">npm start</code>, or paste the console token from{' '}
        <code className="font-mono">console-token</code> in the data directory.
      </p>
      <form
        className="mt-4 flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (token.trim()) window.location.assign(`/login?token=${encodeURIComponent(token.trim())}`);
        }}
      >
        <label htmlFor={id} className="text-sm font-medium">
          Console token
        </label>
        <input
          id={id}
          type="password"
          autoComplete="current-password"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-950"
        />
        <Button type="submit" variant="primary" disabled={!token.trim()}>
          Sign in
        </Button>
      </form>
    </div>
  );
}
