import { CheckMessageLine } from './CheckMessageLine';
import { COVER_ART_MESSAGES, validateCoverArt } from '@cadence/domain/cover-art';
import { FILE_TYPE_EXTENSIONS } from '@cadence/domain/constants';
import { useEffect, useState } from 'react';
import { FileDropArea } from './FileDropArea';
import { UploadProgressList } from './UploadProgressList';
import { useUploads } from './useUpload';

/** Reads an image's pixel size in the browser (tests pass their own). */
export async function readImageSize(file: File): Promise<{ width: number; height: number }> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A local address for the chosen file, or null where the environment cannot make one (the preview is a nicety). */
function localPreview(file: File): string | null {
  try {
    return URL.createObjectURL(file);
  } catch {
    return null;
  }
}

export interface CoverArtDropProps {
  coverArtUrl: string | null | undefined;
  editable: boolean;
  /** The server check's message for the cover, when it reported one. */
  issue?: string;
  upload: (file: File, onUploadProgress: (p: { loaded: number; total: number }) => void) => Promise<unknown>;
  imageSize?: (file: File) => Promise<{ width: number; height: number }>;
}

/**
 * Cover art: a drop area with a preview. The file is checked in the browser with the domain's
 * cover-art rules (type, 1600 px minimum height and width, square) before it is sent, so the user
 * hears the spec's message at once; the server checks the bytes again.
 */
export function CoverArtDrop({ coverArtUrl, editable, issue, upload, imageSize = readImageSize }: CoverArtDropProps) {
  const [error, setError] = useState<string | undefined>();
  const [preview, setPreview] = useState<string | null>(null);
  const { entries, run, dismiss } = useUploads();

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const onFile = async (file: File) => {
    setError(undefined);
    let size: { width: number; height: number };
    try {
      size = await imageSize(file);
    } catch {
      setError(COVER_ART_MESSAGES.fileType);
      return;
    }
    const problem = validateCoverArt({ mimeType: file.type || null, fileName: file.name, ...size });
    if (problem) {
      setError(problem.message);
      return;
    }
    setPreview(localPreview(file));
    // The local preview shows while the file goes up; afterwards the stored cover (or, on failure, the old one) shows.
    await run(file, (progress) => upload(file, progress));
    setPreview(null);
  };

  const shown = preview ?? coverArtUrl ?? null;
  const message = error ?? issue;
  return (
    <section className="cover-art" aria-labelledby="cover-art-title">
      <h2 id="cover-art-title">Cover art</h2>
      {shown ? <img className="cover-preview" src={shown} alt="Cover art preview" /> : <p>No cover art yet.</p>}
      {editable && (
        <FileDropArea
          label={shown ? 'Replace cover art' : 'Choose cover art'}
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          supportedTypes={[...FILE_TYPE_EXTENSIONS.COVER_IMAGE, 'image/jpeg', 'image/png']}
          onFiles={({ accepted, rejected }) => {
            if (rejected.length > 0) setError(COVER_ART_MESSAGES.fileType);
            else if (accepted[0]) void onFile(accepted[0].file);
          }}
        >
          <p>Drop a square JPG or PNG here, at least 1600x1600 pixels.</p>
        </FileDropArea>
      )}
      <UploadProgressList entries={entries} onDismiss={dismiss} />
      <CheckMessageLine message={message} reserved={editable} />
    </section>
  );
}
