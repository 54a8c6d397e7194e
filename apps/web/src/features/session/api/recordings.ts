/**
 * Recordings from the browser: the export download's URL (the session's history, whole or a
 * window, as a `.dojotrace`), and opening a `.dojotrace` (dropped onto the page or picked):
 * it is uploaded to this console, which opens it in a console of its own and answers its
 * login URL.
 */
import { useMutation } from '@tanstack/react-query';
import type { OpenedRecording } from '@dojo/console-protocol';
import { buildUrl } from '../../../lib/api-client.ts';
import { consoleRequest } from '../../../lib/console-api.ts';

export const recordingExtension = '.dojotrace';

/** The download of this console's history, in the window `from`..`to` (epoch ms) or whole. */
export function exportUrl(window: { from?: number; to?: number } = {}): string {
  return buildUrl('/api/recording/export', { from: window.from, to: window.to });
}

export function isRecordingFile(file: File): boolean {
  return file.name.endsWith(recordingExtension);
}

export function openRecordingFile(file: File): Promise<OpenedRecording> {
  return consoleRequest('POST /api/recordings', { body: file, contentType: 'application/gzip', query: { name: file.name } });
}

/** Opening a recording file: on success the tab goes to its console (signed in by its login URL). */
export function useOpenRecording() {
  return useMutation({
    mutationFn: openRecordingFile,
    onSuccess: (opened) => window.location.assign(opened.url),
  });
}
