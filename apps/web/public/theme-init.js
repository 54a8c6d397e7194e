/* global window, document */
// Applies the stored or system theme before the first paint (see src/lib/theme.ts). A file,
// not an inline script, so the console's Content-Security-Policy (script-src 'self') allows it.
try {
  var stored = localStorage.getItem('dojo-console-theme');
  var dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  if (dark) document.documentElement.classList.add('dark');
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
} catch {
  // storage unavailable: the app applies the system theme once it starts
}
