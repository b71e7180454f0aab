/** The link a post is sent with: its shortened form when the customer chose it. */
export function linkOf(post: {
  url: string | null;
  shortenedUrl: string | null;
  urlShortened: boolean;
}): string | null {
  return post.urlShortened && post.shortenedUrl ? post.shortenedUrl : post.url;
}
