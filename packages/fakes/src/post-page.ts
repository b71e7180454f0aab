// The page a stand-in network shows for a post it received, so 'View post' in the demo and
// the e2e run opens something local (nothing points at the real networks' addresses).

export interface PageReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(status: number, title: string, content: string): PageReply {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#111">${content}</body></html>`,
  };
}

/** A received post as the stand-in keeps it: who posted, the text, and what was attached. */
export function postPage(input: {
  network: string;
  author: string;
  text: string | undefined;
  attachments?: number;
  link?: string | undefined;
}): PageReply {
  const lines = [
    `<h1>${escapeHtml(input.network)} (local stand-in)</h1>`,
    `<p>This post was received by the local stand-in for ${escapeHtml(input.network)}; nothing was sent to the real network.</p>`,
    '<article style="border:1px solid #ccc;border-radius:12px;padding:1rem">',
    `<h2 style="font-size:1rem;margin:0 0 .5rem">${escapeHtml(input.author)}</h2>`,
    `<p style="white-space:pre-wrap;margin:0">${escapeHtml(input.text ?? '')}</p>`,
    input.link ? `<p>Link: ${escapeHtml(input.link)}</p>` : '',
    input.attachments ? `<p>${input.attachments} media attached</p>` : '',
    '</article>',
  ];
  return page(200, `${input.network} post (local stand-in)`, lines.join(''));
}

export function postNotFound(network: string): PageReply {
  return page(
    404,
    `${network} (local stand-in)`,
    `<h1>${escapeHtml(network)} (local stand-in)</h1><p>This stand-in has no such post (it keeps posts only while it runs).</p>`,
  );
}
