/**
 * Dropping a `.dojotrace` anywhere on the page opens it: it is uploaded to this console, which
 * serves it in a console of its own, and the tab goes there. While a file is dragged over the
 * page, a veil says what dropping it will do.
 */
import { useEffect, useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { isRecordingFile, recordingExtension, useOpenRecording } from '../api/recordings.ts';

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

export function RecordingDropZone() {
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const open = useOpenRecording();
  useEffect(() => {
    const onOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setOver(true);
    };
    const onLeave = (event: DragEvent) => {
      if (event.relatedTarget === null) setOver(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setOver(false);
      const file = event.dataTransfer?.files[0];
      if (!file) return;
      if (!isRecordingFile(file)) {
        setRefused(`${file.name} is not a recording: drop a ${recordingExtension} file.`);
        return;
      }
      setRefused(undefined);
      open.mutate(file);
    };
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [open.mutate]);
  const message = over ? `Drop the ${recordingExtension} file to open it` : open.isPending ? 'Opening the recording…' : undefined;
  return (
    <>
      {message ? (
        <div
          role="status"
          aria-label="Open a recording"
          className="pointer-events-none fixed inset-0 z-50 grid place-items-center bg-indigo-950/60 text-lg font-semibold text-white"
        >
          {message}
        </div>
      ) : null}
      {open.error || refused ? (
        <div className="fixed right-4 bottom-4 z-50 max-w-md">
          {open.error ? (
            <ErrorNotice error={open.error} title="Could not open the recording" />
          ) : (
            <ErrorNotice error={new Error(refused)} title="Not a recording" />
          )}
        </div>
      ) : null}
    </>
  );
}
