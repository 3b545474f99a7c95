import { splitDroppedFiles, type DroppedFiles, type FileDropOptions } from '@cadence/domain/file-drop';
import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { buttonClass } from '../../ui/Button';

export interface FileDropAreaProps extends FileDropOptions {
  /** Label of the file chooser (the keyboard and screen-reader way in). */
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  /** HTML accept attribute for the chooser ('.wav,.flac'). */
  accept?: string;
  onFiles: (files: DroppedFiles<File>) => void;
  children?: ReactNode;
}

/**
 * The file drop area (supporting §4-§5): hover starts on drag-over and ends on leave or drop; each
 * dropped or chosen file is checked with the domain's file-drop rules and reported as accepted or
 * rejected with its reason. Dropping copies. A file input does the same for keyboard users.
 */
export function FileDropArea({ label, multiple = false, disabled, accept, supportedTypes, maxSize, onFiles, children }: FileDropAreaProps) {
  const id = useId();
  const [hover, setHover] = useState(false);

  const handle = (list: FileList | null) => {
    const files = [...(list ?? [])].slice(0, multiple ? undefined : 1);
    if (files.length > 0) onFiles(splitDroppedFiles(files, { supportedTypes, maxSize }));
  };

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!disabled) setHover(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setHover(false);
    if (!disabled) handle(event.dataTransfer.files);
  };

  return (
    <div
      className={`drop-area${hover ? ' drop-area--hover' : ''}`}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setHover(false)}
      onDrop={onDrop}
      data-testid="drop-area"
    >
      {children}
      <label htmlFor={id} className={buttonClass('primary', 'small')}>
        {label}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        multiple={multiple}
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          handle(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
