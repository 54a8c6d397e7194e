/**
 * Puts text on the clipboard: the async Clipboard API where the page may use it (a secure
 * context: localhost, HTTPS), else the older selection-and-execCommand way, which also works on
 * a console reached over plain HTTP from another machine. Resolves whether it worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied (permissions, no focus): try the old way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position: fixed; top: 0; left: 0; opacity: 0';
  document.body.append(area);
  const focused = document.activeElement as HTMLElement | null;
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}
