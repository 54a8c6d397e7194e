/**
 * Light and dark themes. The choice is stored per browser; without one the system's
 * `prefers-color-scheme` decides and is followed live. index.html applies the stored choice
 * before the first paint, so the page never flashes the wrong theme.
 */
import { useEffect, useState } from 'react';

export type Theme = 'light' | 'dark';
const storageKey = 'dojo-console-theme';

function storedTheme(): Theme | undefined {
  try {
    const value = localStorage.getItem(storageKey);
    return value === 'light' || value === 'dark' ? value : undefined;
  } catch {
    return undefined;
  }
}

function systemTheme(): Theme {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function apply(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

export function useTheme(): { theme: Theme; toggle: () => void } {
  const [theme, setTheme] = useState<Theme>(() => storedTheme() ?? systemTheme());

  useEffect(() => apply(theme), [theme]);

  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => {
      if (!storedTheme()) setTheme(systemTheme());
    };
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);

  const toggle = () => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(storageKey, next);
    } catch {
      // storage may be disabled; the choice then lasts for this page only
    }
    setTheme(next);
  };
  return { theme, toggle };
}
