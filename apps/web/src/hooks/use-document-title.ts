import { useEffect } from 'react';

const APP_NAME = 'Cadence';

/** Names the browser tab after the screen: 'Entities · Cadence'. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title === undefined ? APP_NAME : `${title} · ${APP_NAME}`;
  }, [title]);
}
