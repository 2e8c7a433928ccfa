import { useState, type ChangeEvent, type DragEvent } from 'react';
import { acceptAttribute, isAcceptedImage, readAsDataUrl } from './image-files.ts';
import * as css from './kyc.css.ts';

const wrongType = 'Choose a JPEG, PNG or WebP photo.';
const unreadable = 'That file could not be read. Please choose it again.';

/**
 * A file picker for one photo, with a drop zone around it; `capture` opens the phone's rear camera. A chosen photo
 * is read to a data URL and handed to `onChoose`; `preview` shows what is chosen.
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
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const take = (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedImage(file)) {
      setProblem(wrongType);
      return;
    }
    setProblem(undefined);
    readAsDataUrl(file).then(onChoose, () => setProblem(unreadable));
  };
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    take(event.target.files?.[0]);
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
    if (!disabled) take(event.dataTransfer.files[0]);
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
