/**
 * The moments a browser says the server may be reachable again: the network came back
 * (`online`), the tab was shown again (`visibilitychange`) or got focus. A reconnecting socket
 * then tries at once instead of waiting out its pause (a laptop waking from sleep, a phone
 * switching back to the tab).
 */
export function onBrowserWakeup(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>,
  wake: () => void,
): () => void {
  const whenVisible = () => {
    if (doc.visibilityState === 'visible') wake();
  };
  target.addEventListener('online', wake);
  target.addEventListener('focus', wake);
  doc.addEventListener('visibilitychange', whenVisible);
  return () => {
    target.removeEventListener('online', wake);
    target.removeEventListener('focus', wake);
    doc.removeEventListener('visibilitychange', whenVisible);
  };
}
