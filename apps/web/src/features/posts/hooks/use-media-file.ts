import type { Attachment } from '@cadence/shared';
import { useEffect, useState } from 'react';
import type { MediaChange } from '../utils/post-form-values';

export interface MediaPreview {
  url: string;
  name: string;
  isVideo: boolean;
}

/** One media file for the form: the post's current attachment, a new file, or none. */
export function useMediaFile(existing: Attachment | null) {
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [isRemoved, setIsRemoved] = useState(false);
  const file = chosen?.file ?? null;
  const objectUrl = chosen?.url ?? null;

  // The preview's object URL is freed when it is replaced and when the form goes away.
  useEffect(
    () => () => {
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );

  const setFile = (next: File | null) =>
    setChosen(next === null ? null : { file: next, url: URL.createObjectURL(next) });

  let preview: MediaPreview | null = null;
  if (file !== null && objectUrl !== null) {
    preview = { url: objectUrl, name: file.name, isVideo: file.type.startsWith('video/') };
  } else if (file === null && existing !== null && !isRemoved) {
    preview = {
      url: existing.media_url,
      name: existing.name,
      isVideo: existing.mime_type.startsWith('video/'),
    };
  }

  const change: MediaChange =
    file !== null ? { kind: 'replace', file } : isRemoved ? { kind: 'remove' } : { kind: 'keep' };

  return {
    preview,
    change,
    choose: (next: File) => {
      setFile(next);
      setIsRemoved(false);
    },
    remove: () => {
      setFile(null);
      setIsRemoved(existing !== null);
    },
  };
}
