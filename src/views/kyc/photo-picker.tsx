import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type ChangeEvent, type DragEvent } from 'react';
import { photoPickerMachine, selectPhotoProblem } from '../../machines/identity/index.ts';
import { acceptAttribute, readAsDataUrl } from './image-files.ts';
import * as css from './kyc.css.ts';

/**
 * A file picker for one photo, with a drop zone around it; `capture` opens the phone's rear camera. What a chosen
 * file leads to (refused, read and handed to `onChoose`) is the photo picker machine's; `preview` shows what is chosen.
 */
export function PhotoPicker({
  label,
  preview,
  previewAlt,
  capture,
  disabled,
  onChoose,
}: {
  label: string;
  preview: string | undefined;
  previewAlt: string;
  capture: 'environment' | 'user';
  disabled: boolean;
  onChoose: (dataUrl: string) => void;
}) {
  const picker = useActorRef(photoPickerMachine, { input: { read: readAsDataUrl } });
  const problem = useSelector(picker, selectPhotoProblem);
  // Only a highlight while a file is dragged over the zone: no flow hangs on it.
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const subscription = picker.on('photo.chosen', (event) => onChoose(event.dataUrl));
    return () => subscription.unsubscribe();
  }, [picker, onChoose]);

  const choose = (file: File | undefined) => {
    if (file) picker.send({ type: 'photo.choose', file });
  };
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    choose(event.target.files?.[0]);
    // The same file chosen again after a retake still fires change.
    event.target.value = '';
  };
  const over = (event: DragEvent) => {
    if (disabled) return;
    event.preventDefault();
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    // A drop counts as a choice only where the input itself would take one.
    if (!disabled) choose(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={`${css.dropZone} ${dragging ? css.dropZoneActive : ''}`}
      onDragOver={over}
      onDragEnter={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      {preview ? <img className={css.preview} src={preview} alt={previewAlt} /> : <span>Drag a photo here, or</span>}
      <input
        className={css.fileInput}
        type="file"
        accept={acceptAttribute}
        capture={capture}
        aria-label={label}
        disabled={disabled}
        onChange={change}
      />
      {problem && (
        <p role="alert" className={css.error}>
          {problem}
        </p>
      )}
    </div>
  );
}
