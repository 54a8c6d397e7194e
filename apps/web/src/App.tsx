/** The console shell. Views arrive feature by feature under src/features/. */
export function App() {
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white px-6 py-3 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-lg font-semibold tracking-tight">Dojo Console</h1>
      </header>
      <main className="mx-auto max-w-5xl px-6 py-10">
        <section aria-labelledby="startup-heading" className="rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          <h2 id="startup-heading" className="text-base font-medium">Starting up</h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            The console is starting its parts: the embedded API server, the simulated control plane, the Discord
            simulator and the Dojo operator.
          </p>
        </section>
      </main>
    </div>
  );
}
